import Foundation
import Testing
@testable import SampleSources

@Suite("Demo editor: which links it follows")
struct EditorLinkPolicyTests {
    @Test("loopback http(s) links are followed", arguments: [
        "http://127.0.0.1:8080/v1/handoffs/abc/image", "http://127.9.8.7/x", "http://[::1]:9000/x", "http://localhost:8080/x",
        "https://127.0.0.1:8443/x", "HTTP://LOCALHOST/x",
    ])
    func loopback(_ link: String) throws {
        #expect(try EditorLinkPolicy.check(link, name: "image").absoluteString == link)
    }

    @Test("anything that is not this machine is refused, naming the parameter", arguments: [
        "http://192.168.1.10/x", "http://10.0.0.1/x", "http://93.184.215.14/x", "http://example.com/x",
        "http://127.0.0.1.example.com/x", "http://0177.0.0.1/x", "http://127.1/x", "http://2130706433/x",
        "http://[::ffff:10.0.0.1]/x", "http://[2001:db8::1]/x", "http://localhost.example/x",
    ])
    func remote(_ link: String) {
        #expect(refusal(link)?.message.contains("the return URL's host") == true)
    }

    @Test("other schemes, user names and missing or malformed values are refused", arguments: [
        "ftp://127.0.0.1/x", "file:///etc/passwd", "http://user@127.0.0.1/x", "http://user:pw@127.0.0.1/x", "not a url", "", "/relative",
    ])
    func malformed(_ link: String) {
        #expect(refusal(link) != nil)
    }

    @Test("a missing parameter is named")
    func missing() {
        #expect(throws: EditorLinkPolicy.Refusal(message: "The link has no image parameter.")) {
            try EditorLinkPolicy.check(nil, name: "image")
        }
    }

    private func refusal(_ link: String) -> EditorLinkPolicy.Refusal? {
        do {
            _ = try EditorLinkPolicy.check(link, name: "return")
            return nil
        } catch {
            return error
        }
    }
}
