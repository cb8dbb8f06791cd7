import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("OAuth errors and redaction")
struct OAuthErrorResponseTests {
    @Test("error codes map to the right PhotoSourceError code", arguments: [
        ("invalid_grant", PhotoSourceError.Code.invalidCredentials),
        ("access_denied", .invalidCredentials),
        ("expired_token", .authentication),
        ("invalid_client", .authentication),
        ("server_error", .authentication),
    ])
    func mapping(_ error: String, _ expected: PhotoSourceError.Code) {
        let mapped = OAuthErrorResponse(error: error, description: nil).photoSourceError(context: "Refreshing", secrets: [])
        #expect(mapped.code == expected)
        #expect(mapped.message.hasPrefix("Refreshing: "))
        #expect(mapped.message.contains(error))
    }

    @Test("descriptions lose known secrets and token-like runs; hostile codes are not echoed")
    func redaction() throws {
        let secret = "rt-0123456789"
        let body = Data("""
            {"error": "invalid_grant\\n<b>", "error_description": "token \(secret) and eyJhbGciOiJIUzI1NiJ9.payloadpayload are bad\\nsecond line"}
            """.utf8)
        let response = try #require(OAuthErrorResponse(body: body))
        let error = response.photoSourceError(context: "Signing in failed", secrets: [secret])
        let text = error.description
        #expect(!text.contains(secret))
        #expect(!text.contains("eyJhbGciOiJIUzI1NiJ9"))
        #expect(!text.contains("<b>"))
        #expect(!text.contains("\n"))
        #expect(text.contains("unrecognised"))
        #expect(text.contains("<redacted>"))
    }

    @Test("long descriptions are cut")
    func longDescription() {
        let cleaned = SecretRedaction.clean(String(repeating: "word ", count: 200), removing: [])
        #expect(cleaned.count <= SecretRedaction.maximumLength + 1)
    }

    @Test("a token response without access_token, or with another token type, is invalid data that does not echo the body")
    func badTokenResponses() {
        let missing = #expect(throws: PhotoSourceError.self) {
            try OAuthTokenResponse.parse(Data(#"{"refresh_token": "secret-refresh-value"}"#.utf8), from: "t")
        }
        #expect(missing?.code == .invalidData)
        #expect(missing?.description.contains("secret-refresh-value") == false)
        let mac = #expect(throws: PhotoSourceError.self) {
            try OAuthTokenResponse.parse(Data(#"{"access_token": "a", "token_type": "mac"}"#.utf8), from: "t")
        }
        #expect(mac?.code == .invalidData)
    }

    @Test("expires_in counts from when the request was sent, as a number or a string")
    func expiry() throws {
        let sent = Date(timeIntervalSince1970: 1_000_000)
        for body in [#"{"access_token": "a", "expires_in": 60}"#, #"{"access_token": "a", "expires_in": "60"}"#] {
            let credentials = try OAuthTokenResponse.parse(Data(body.utf8), from: "t").credentials(issuedAt: sent)
            #expect(credentials.expiresAt == sent.addingTimeInterval(60))
        }
    }
}
