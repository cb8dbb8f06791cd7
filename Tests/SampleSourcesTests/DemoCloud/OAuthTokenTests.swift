import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: /oauth/token")
struct OAuthTokenTests {
    private func exchange(_ cloud: RouterCloud, code: String, verifier: String = RouterCloud.verifier,
                          redirectURI: String = RouterCloud.redirectURI) async throws -> TestResponse {
        try await cloud.post("/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("client_id", DemoCloud.defaultClientID), ("code_verifier", verifier),
        ])
    }

    @Test("the code exchange with the right verifier returns bearer tokens that work")
    func exchangeSucceeds() async throws {
        try await RouterCloud.run { cloud in
            let tokens = try await cloud.signIn()
            #expect(tokens.tokenType == "Bearer")
            #expect(tokens.expiresIn == 300)
            #expect(tokens.accessToken != tokens.refreshToken)
            #expect(try await cloud.get("/v1/albums", token: tokens.accessToken).status == .ok)
            #expect(cloud.state.controls.statistics.withLock { $0.authorizationCodeExchanges } == 1)
        }
    }

    @Test("PKCE verification failure: a wrong verifier gets invalid_grant and burns the code")
    func wrongVerifier() async throws {
        try await RouterCloud.run { cloud in
            let code = try await cloud.authorizationCode()
            let wrong = String(repeating: "a", count: 43)
            let refused = try await exchange(cloud, code: code, verifier: wrong)
            #expect(refused.status == .badRequest)
            #expect(RouterCloud.errorCode(refused) == "invalid_grant")
            #expect(refused.headers[.cacheControl] == "no-store")
            let retried = try await exchange(cloud, code: code)
            #expect(RouterCloud.errorCode(retried) == "invalid_grant")
        }
    }

    @Test("a code cannot be used twice, nor with another redirect_uri")
    func codeReuseAndRedirectMismatch() async throws {
        try await RouterCloud.run { cloud in
            let code = try await cloud.authorizationCode()
            #expect(try await exchange(cloud, code: code).status == .ok)
            #expect(RouterCloud.errorCode(try await exchange(cloud, code: code)) == "invalid_grant")

            let other = try await cloud.authorizationCode()
            let mismatch = try await exchange(cloud, code: other, redirectURI: "http://127.0.0.1:9999/other")
            #expect(RouterCloud.errorCode(mismatch) == "invalid_grant")
        }
    }

    @Test("refresh rotates: new tokens work, the old refresh token is rejected")
    func refreshRotation() async throws {
        try await RouterCloud.run { cloud in
            let first = try await cloud.signIn()
            let refreshed = try await cloud.refresh(first.refreshToken)
            #expect(refreshed.status == .ok)
            let second = try RouterCloud.decode(TokenResponse.self, refreshed)
            #expect(second.refreshToken != first.refreshToken)
            #expect(second.accessToken != first.accessToken)
            #expect(try await cloud.get("/v1/albums", token: second.accessToken).status == .ok)

            let replay = try await cloud.refresh(first.refreshToken)
            #expect(replay.status == .badRequest)
            #expect(RouterCloud.errorCode(replay) == "invalid_grant")
            #expect(try await cloud.refresh(second.refreshToken).status == .ok)
            let counts = cloud.state.controls.statistics.withLock { $0 }
            #expect(counts.tokenRefreshes == 2)
            #expect(counts.refusedRefreshes == 1)
        }
    }

    @Test("malformed token requests get RFC 6749 errors", arguments: [
        ([("grant_type", "password"), ("client_id", DemoCloud.defaultClientID)], "unsupported_grant_type", 400),
        ([("client_id", DemoCloud.defaultClientID)], "invalid_request", 400),
        ([("grant_type", "refresh_token"), ("refresh_token", "x"), ("client_id", "stranger")], "invalid_client", 401),
        ([("grant_type", "refresh_token"), ("client_id", DemoCloud.defaultClientID)], "invalid_request", 400),
        ([("grant_type", "refresh_token"), ("refresh_token", "rt_unknown"), ("client_id", DemoCloud.defaultClientID)], "invalid_grant", 400),
    ])
    func errors(_ form: [(String, String)], _ error: String, _ status: Int) async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.post("/oauth/token", form: form)
            #expect(response.status.code == status)
            #expect(RouterCloud.errorCode(response) == error)
        }
    }

    @Test("a repeated form field is refused")
    func repeatedField() async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.post("/oauth/token", form: [
                ("grant_type", "refresh_token"), ("grant_type", "refresh_token"), ("client_id", DemoCloud.defaultClientID),
            ])
            #expect(RouterCloud.errorCode(response) == "invalid_request")
        }
    }
}
