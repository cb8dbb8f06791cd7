import Foundation
import PhotoNetworking
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("RemoteAlbumSource: sign-in against the demo cloud")
struct RemoteAlbumSignInTests {
    @Test("identity: id, title, page size; a base URL that is not http(s) is refused")
    func identity() async throws {
        let store = InMemoryCredentialStore()
        let source = try RemoteAlbumSource(baseURL: URL(string: "http://127.0.0.1:8123/")!, credentialStore: store)
        #expect(source.id == "cloud:http://127.0.0.1:8123")
        #expect(source.title == "Demo Cloud")
        #expect(source.maximumPageSize == 200)
        #expect(source.pagingSupport(in: nil) == .cursor)
        #expect(throws: PhotoSourceError.self) { try RemoteAlbumSource(baseURL: URL(string: "ftp://127.0.0.1/")!, credentialStore: store) }
        #expect(throws: PhotoSourceError.self) {
            try RemoteAlbumSource(baseURL: URL(string: "http://127.0.0.1:1")!, credentialStore: store, allowedOrigins: ["not a url"])
        }
    }

    @Test("listing while signed out: .notLoggedIn telling how to sign in, and no API request")
    func signedOut() async throws {
        try await CloudFixture.run(signIn: false) { fixture in
            let authenticated = try await fixture.source.isAuthenticated()
            #expect(authenticated == false)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.items(for: nil, in: nil, page: 0, count: 10)
            }
            #expect(error?.code == .notLoggedIn)
            #expect(error?.message.contains("Sign in") == true)
            #expect(fixture.cloud.statistics.count(.albums) == 0)
        }
    }

    @Test("browser sign-in with PKCE (auto-approved) stores credentials; the root lists the albums")
    func browserSignIn() async throws {
        try await CloudFixture.run { fixture in
            #expect(try await fixture.source.isAuthenticated())
            let stored = try #require(try fixture.store.load(for: fixture.source.id))
            #expect(stored.refreshToken != nil)
            #expect(stored.expiresAt != nil)
            #expect(fixture.cloud.statistics.authorizationCodeExchanges == 1)

            let root = try await fixture.source.items(for: nil, in: nil, page: 0, count: 50)
            #expect(root.items.map(\.title) == ["Trip", "Camera Roll", "Empty"])
            #expect(root.items.allSatisfy { $0.kind == .container })
            #expect(root.hasMore == false)
        }
    }

    @Test("device-code sign-in (auto-approved) polls until approved")
    func deviceSignIn() async throws {
        try await CloudFixture.run(method: .deviceCode) { fixture in
            let authenticated = try await fixture.source.isAuthenticated()
            #expect(authenticated)
            let statistics = fixture.cloud.statistics
            #expect(statistics.deviceCodeExchanges == 1)
            #expect(statistics.count(.deviceApproval) == 1)
            #expect(statistics.authorizationCodeExchanges == 0)
            #expect(try await fixture.source.items(for: nil, in: nil, page: 0, count: 10).items.count == 3)
        }
    }

    @Test("the challenge is presented before waiting; sign-out forgets the credentials")
    func presentAndSignOut() async throws {
        try await CloudFixture.run(signIn: false) { fixture in
            let seen = ChallengeRecorder()
            try await fixture.source.signIn { challenge in await seen.record(challenge) }
            let challenge = try #require(await seen.challenge)
            guard case .browser(let url, _) = challenge else {
                Issue.record("expected a browser challenge")
                return
            }
            #expect(url.absoluteString.hasPrefix(fixture.url.absoluteString + "/oauth/authorize?"))
            #expect(url.absoluteString.contains("code_challenge_method=S256"))

            try await fixture.source.signOut()
            #expect(try fixture.store.load(for: fixture.source.id) == nil)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.items(for: nil, in: nil, page: 0, count: 10)
            }
            #expect(error?.code == .notLoggedIn)
        }
    }
}

/// Remembers the challenge handed to `present`.
actor ChallengeRecorder {
    private(set) var challenge: AuthChallenge?

    func record(_ challenge: AuthChallenge) {
        self.challenge = challenge
    }
}
