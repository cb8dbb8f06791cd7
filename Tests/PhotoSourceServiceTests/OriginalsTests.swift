import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import SampleSources
import Testing

@Suite("Signed originals")
struct OriginalsTests {
    @Test("the original is byte-identical with Content-Length, Content-MD5 and an ETag")
    func wholeFile() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let url = try await harness.originalURL(of: "Album/sunset.jpg", token: session.token)
            let file = try Data(contentsOf: harness.library.appendingPathComponent("Album/sunset.jpg"))
            // When
            let response = try await harness.get(url, token: nil)
            // Then
            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == file)
            #expect(response.headers[.contentLength] == String(file.count))
            #expect(response.headers[.contentType] == "image/jpeg")
            #expect(response.headers[HTTPField.Name("Content-MD5")!] == Data(Insecure.MD5.hash(data: file)).base64EncodedString())
            #expect(response.headers[.eTag] != nil)
            #expect(response.headers[.acceptRanges] == "bytes")
        }
    }

    @Test("Range gives 206 with the exact bytes; an unsatisfiable range is 416; several or invalid ranges, or another If-Range, get the whole file")
    func ranges() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let url = try await harness.originalURL(of: "Album/sunset.jpg", token: session.token)
            let file = try Data(contentsOf: harness.library.appendingPathComponent("Album/sunset.jpg"))
            let part = try await harness.get(url, token: nil, headers: [.range: "bytes=100-199"])
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == file[100...199])
            #expect(part.headers[.contentRange] == "bytes 100-199/\(file.count)")
            let tail = try await harness.get(url, token: nil, headers: [.range: "bytes=-10"])
            #expect(Data(buffer: tail.body) == file.suffix(10))
            let resume = try await harness.get(url, token: nil, headers: [.range: "bytes=\(file.count - 5)-"])
            #expect(Data(buffer: resume.body) == file.suffix(5))
            let bad = try await harness.get(url, token: nil, headers: [.range: "bytes=\(file.count + 10)-"])
            #expect(bad.status == .rangeNotSatisfiable)
            #expect(bad.headers[.contentRange] == "bytes */\(file.count)")
            // Several ranges, or an invalid one, are ignored: the whole file, with its Content-MD5
            for header in ["bytes=0-1,5-9", "bytes=5-3", "bytes=+5-"] {
                let whole = try await harness.get(url, token: nil, headers: [.range: header])
                #expect(whole.status == .ok, "\(header)")
                #expect(Data(buffer: whole.body) == file, "\(header)")
                #expect(whole.headers[HTTPField.Name("Content-MD5")!] == Data(Insecure.MD5.hash(data: file)).base64EncodedString(), "\(header)")
            }
            // If-Range: the part under the file's own ETag; the whole file under another one
            let etag = try #require(part.headers[.eTag])
            let same = try await harness.get(url, token: nil, headers: [.range: "bytes=100-199", .ifRange: etag])
            #expect(same.status == .partialContent)
            #expect(Data(buffer: same.body) == file[100...199])
            let changed = try await harness.get(url, token: nil, headers: [.range: "bytes=100-199", .ifRange: "\"an-older-version\""])
            #expect(changed.status == .ok)
            #expect(Data(buffer: changed.body) == file)
        }
    }
}

@Suite("URL-signing key rotation")
struct SigningRotationTests {
    @Test("URLs signed with an old key keep working once a new key is put first; dropped keys stop them")
    func rotation() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-rotation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let library = try TestLibrary()
        defer { library.remove() }
        // A URL made while key 1 signs.
        let oldURL: String = try await Self.withServer(keys: [ServiceHarness.key(1)], library: library, state: state) { harness in
            let session = try await harness.newSession()
            return try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
        }
        // Key 2 now signs, key 1 still verifies.
        try await Self.withServer(keys: [ServiceHarness.key(2), ServiceHarness.key(1)], library: library, state: state) { harness in
            #expect(try await harness.get(oldURL, token: nil).status == .ok)
            let session = try await harness.newSession()
            let newURL = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            #expect(newURL.split(separator: "/")[2] != oldURL.split(separator: "/")[2])
        }
        // Key 1 retired.
        let retired = try await Self.withServer(keys: [ServiceHarness.key(2)], library: library, state: state) { harness in
            try await harness.get(oldURL, token: nil).status
        }
        #expect(retired == .forbidden)
    }

    static func withServer<T: Sendable>(
        keys: [String], library: TestLibrary, state: URL, _ body: @Sendable (ServiceHarness) async throws -> T
    ) async throws -> T {
        var configuration = ServiceHarness.configuration(state: state)
        configuration.signingKeys = keys
        let folder = try ServiceSource.folder(.init(root: library.root, id: "local:test", title: "Test Library"), id: "library")
        let logs = LogCapture()
        let app = try await buildApplication(ServiceArguments(configuration: configuration, catalog: SourceCatalog([folder]), logger: logs.logger))
        return try await app.test(.ahc(.http)) { client in
            try await body(ServiceHarness(client: client, library: library.root, logs: logs))
        }
    }
}
