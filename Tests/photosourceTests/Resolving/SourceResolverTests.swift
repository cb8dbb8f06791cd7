import Foundation
import PhotoSourceKit
import Testing
@testable import photosource

@Suite("Source resolver")
struct SourceResolverTests {
    @Test("well-formed SOURCE arguments pass the check", arguments: [
        ("local:/photos", "local", "/photos"), ("LOCAL:relative/dir", "local", "relative/dir"),
        ("local:~/Pictures", "local", "~/Pictures"), ("demo", "demo", ""), ("Demo", "demo", ""),
        ("cloud:http://127.0.0.1:8080", "cloud", "http://127.0.0.1:8080"), ("urls:picks.txt", "urls", "picks.txt"),
    ])
    func accepts(argument: String, kind: String, rest: String) throws {
        let checked = try SourceResolver.standard.check(argument)
        #expect(checked.kind.name == kind && checked.argument == rest)
    }

    @Test("malformed SOURCE arguments are refused with what to write instead", arguments: [
        ("/photos", "\"/photos\" is not a source; write one of: demo | local:PATH | cloud:URL | urls:FILE."),
        ("demo:x", "demo takes nothing after it; write just demo."),
        ("dropbox:x", "\"dropbox:x\" is not a source; write one of: "),
        ("local:", "local: needs something after the colon, as in local:PATH."),
        ("cloud:", "cloud: needs something after the colon, as in cloud:URL."),
    ])
    func refuses(argument: String, message: String) {
        #expect {
            try SourceResolver.standard.check(argument)
        } throws: { error in
            (error as? PhotoSourceError)?.message.hasPrefix(message) == true
        }
    }

    @Test("cloud: with something that is not an http(s) URL is refused before anything is opened")
    func badCloudAddress() {
        #expect {
            try SourceResolver.standard.resolve("cloud:ftp://127.0.0.1/")
        } throws: { error in
            (error as? PhotoSourceError)?.message == "\"ftp://127.0.0.1/\" is not a cloud address; write one like cloud:http://127.0.0.1:8080."
        }
    }

    @Test("a missing folder is .notFound")
    func missingFolder() {
        #expect {
            try SourceResolver.standard.resolve("local:/nonexistent-\(UUID().uuidString)")
        } throws: { error in
            (error as? PhotoSourceError)?.code == .notFound
        }
    }

    @Test("a folder path becomes one scope step per component, ids being the path so far")
    func pathScope() {
        let scope = ResolvedSource.pathScope("Travel/Italy/Rome")
        #expect(scope.path.map(\.id) == ["Travel", "Travel/Italy", "Travel/Italy/Rome"])
        #expect(scope.description == "/Travel/Italy/Rome")
        #expect(ResolvedSource.pathScope("").isRoot)
    }

    @Test("~ and relative paths expand as a shell would")
    func expandsPaths() {
        let home = SourceResolver.expandPath("~/Pictures", environment: ["HOME": "/home/pat"])
        let relative = SourceResolver.expandPath("a/../b", environment: [:])
        #expect(home.path == "/home/pat/Pictures")
        #expect(relative.path == FileManager.default.currentDirectoryPath + "/b")
    }
}
