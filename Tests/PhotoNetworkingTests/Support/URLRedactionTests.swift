import Foundation
import Testing
@testable import PhotoNetworking

@Suite("URL redaction")
struct RedactionTests {
    @Test(arguments: [
        ("https://a.example/p?access_token=abc123&size=2", "https://a.example/p?access_token=REDACTED&size=2"),
        ("https://a.example/cb?code=xyz&state=s", "https://a.example/cb?code=REDACTED&state=s"),
        ("https://a.example/p?api_key=k1&X-Amz-Signature=zz", "https://a.example/p?api_key=REDACTED&X-Amz-Signature=REDACTED"),
        ("https://user:secret@a.example/p", "https://a.example/p"),
        ("https://a.example/cb#access_token=t&x=1", "https://a.example/cb#access_token=REDACTED&x=1"),
        ("https://a.example/plain?page=2", "https://a.example/plain?page=2"),
    ])
    func secretsAreRemoved(url: String, expected: String) {
        #expect(URL(string: url)!.redactedDescription == expected)
    }
}
