import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: bearer auth on the API")
struct APIAuthTests {
    static let paths = ["/v1/albums", "/v1/albums/album-1/photos", "/v1/photos/photo-1-1", "/v1/photos/photo-1-1/thumbnail", "/v1/photos/photo-1-1/original"]

    @Test("no token: 401 with a Bearer challenge and no error code", arguments: paths)
    func missingToken(_ path: String) async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.get(path)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"demo-cloud\"")
        }
    }

    @Test("an unknown token or another scheme: 401", arguments: ["Bearer at_nope", "Basic dXNlcjpwYXNz", "Bearer"])
    func badAuthorization(_ header: String) async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.get("/v1/albums", headers: [.authorization: header])
            #expect(response.status == .unauthorized)
            #expect(cloud.state.controls.statistics.withLock { $0.unauthorizedResponses } == 1)
        }
    }

    @Test("expiring all tokens: 401 invalid_token, and a refresh gets working tokens again")
    func expiry() async throws {
        try await RouterCloud.run { cloud in
            let tokens = try await cloud.signIn()
            let now = cloud.state.clock.now
            cloud.state.tokens.withLock { $0.expireAllAccessTokens(now: now) }
            let refused = try await cloud.get("/v1/albums", token: tokens.accessToken)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[.wwwAuthenticate]?.contains("error=\"invalid_token\"") == true)
            #expect(RouterCloud.errorCode(refused) == "invalid_token")

            let fresh = try RouterCloud.decode(TokenResponse.self, try await cloud.refresh(tokens.refreshToken))
            #expect(try await cloud.get("/v1/albums", token: fresh.accessToken).status == .ok)
        }
    }

    @Test("a token that outlived its lifetime is refused")
    func lifetime() async throws {
        var configuration = RouterCloud.configuration()
        configuration.accessTokenLifetime = .zero
        try await RouterCloud.run(configuration) { cloud in
            let tokens = try await cloud.signIn()
            #expect(tokens.expiresIn == 0)
            #expect(try await cloud.get("/v1/albums", token: tokens.accessToken).status == .unauthorized)
        }
    }
}
