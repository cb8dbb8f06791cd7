import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("Authorization callback")
struct AuthorizationCallbackTests {
    private func callback(_ query: String) -> AuthorizationCallback {
        AuthorizationCallback(url: URL(string: "http://127.0.0.1:5555/callback?\(query)")!)
    }

    @Test("a matching state yields the code")
    func matchingState() throws {
        #expect(try callback("code=abc%2F123&state=s1").code(expectedState: "s1") == "abc/123")
    }

    @Test("a different, missing or repeated-but-wrong state is refused as .authentication", arguments: [
        "code=abc&state=other", "code=abc", "code=abc&state=", "code=abc&state=other&state=s1",
    ])
    func stateMismatch(_ query: String) {
        let error = #expect(throws: PhotoSourceError.self) { try callback(query).code(expectedState: "s1") }
        #expect(error?.code == .authentication)
        #expect(error?.message.contains("state") == true)
    }

    @Test("an error redirect maps to the OAuth error; a missing code is invalid data")
    func errorAndMissingCode() {
        let denied = #expect(throws: PhotoSourceError.self) {
            try callback("error=access_denied&state=s1").code(expectedState: "s1")
        }
        #expect(denied?.code == .invalidCredentials)
        let missing = #expect(throws: PhotoSourceError.self) { try callback("state=s1").code(expectedState: "s1") }
        #expect(missing?.code == .invalidData)
    }

    @Test("pages escape what they show")
    func pageEscaping() {
        let page = String(decoding: CallbackPage.failure("<script>alert('x')</script> & more"), as: UTF8.self)
        #expect(page.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
    }
}
