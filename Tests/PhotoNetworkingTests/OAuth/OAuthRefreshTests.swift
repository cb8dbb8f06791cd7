import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("Refreshing OAuth sign-ins through AuthSession")
struct OAuthRefreshTests {
    private func expired(refreshToken: String) -> Credentials {
        Credentials(
            accessToken: "access-old", refreshToken: refreshToken, expiresAt: Date().addingTimeInterval(-60),
            account: "tester")
    }

    /// A session over `store` for `server`, signed in with `credentials`; the server accepts
    /// `refresh-seed` as a refresh token.
    private func signedInSession(
        for server: TestTokenServer, store: any CredentialStore = InMemoryCredentialStore(),
        signedInWith credentials: Credentials
    ) async throws -> AuthSession {
        server.acceptRefreshToken("refresh-seed")
        let flow = try OAuthAuthorizationCodeFlow(configuration: server.configuration())
        let session = AuthSession(sourceID: "cloud", store: store, flow: flow)
        try await session.signIn(with: credentials)
        return session
    }

    @Test("a rotated refresh token is saved before it is used: the store holds it after the refresh")
    func rotationPersisted() async throws {
        try await TestTokenServer.with { server in
            let folder = try TemporaryFolder()
            let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
            let session = try await signedInSession(for: server, store: store, signedInWith: expired(refreshToken: "refresh-seed"))
            // When
            let fresh = try await session.validCredentials()
            // Then
            let stored = try #require(try FileCredentialStore.encrypted(in: folder.url, environment: [:]).load(for: "cloud"))
            #expect(stored == fresh)
            #expect(fresh.accessToken != "access-old")
            let rotated = try #require(stored.refreshToken)
            #expect(rotated != "refresh-seed")
            #expect(server.ledger.withLock { $0.refreshTokens.contains(rotated) && !$0.refreshTokens.contains("refresh-seed") })
            #expect(try !folder.anyFileContains(rotated))
            #expect(try !folder.anyFileContains(fresh.accessToken))
        }
    }

    @Test("invalid_grant moves the session to needs-sign-in after exactly one token request")
    func invalidGrant() async throws {
        try await TestTokenServer.with { server in
            let secret = "refresh-unknown-0123456789abcdef"
            let session = try await signedInSession(for: server, signedInWith: expired(refreshToken: secret))
            let error = await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
            #expect(error?.code == .notLoggedIn)
            guard case .needsSignIn(let reason) = await session.state else {
                Issue.record("expected needsSignIn, got \(await session.state)")
                return
            }
            #expect(reason.contains("invalid_grant"))
            await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
            #expect(server.tokenRequests == 1)
            // The server echoed the token in its error description; nothing we show repeats it.
            let underlying = error?.underlying as? PhotoSourceError
            #expect(underlying?.code == .invalidCredentials)
            for text in [error?.description, underlying?.description, reason] {
                #expect(text?.contains(secret) == false)
            }
        }
    }

    @Test("a token is refreshed once it is within 10 s of expiry, not before")
    func refreshMargin() async throws {
        try await TestTokenServer.with { server in
            var credentials = expired(refreshToken: "refresh-seed")
            credentials.expiresAt = Date().addingTimeInterval(60)
            let session = try await signedInSession(for: server, signedInWith: credentials)
            #expect(try await session.validCredentials().accessToken == "access-old")
            #expect(server.refreshRequests == 0)
            credentials.expiresAt = Date().addingTimeInterval(5)
            try await session.signIn(with: credentials)
            #expect(try await session.validCredentials().accessToken != "access-old")
            #expect(server.refreshRequests == 1)
        }
    }

    @Test("20 concurrent callers with an expired token share one refresh")
    func concurrentCallersShareOneRefresh() async throws {
        try await TestTokenServer.with { server in
            let session = try await signedInSession(for: server, signedInWith: expired(refreshToken: "refresh-seed"))
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 { group.addTask { try await session.validCredentials().accessToken } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(tokens.count == 1)
            #expect(tokens.first != "access-old")
            #expect(server.refreshRequests == 1)
            #expect(await session.refreshCount == 1)
        }
    }

    @Test("two sessions over the same credentials folder refresh once and both get the new token")
    func twoSessionsSameFolder() async throws {
        try await TestTokenServer.with { server in
            let folder = try TemporaryFolder()
            let flow = try OAuthAuthorizationCodeFlow(configuration: server.configuration())
            server.acceptRefreshToken("refresh-seed")
            let first = AuthSession(sourceID: "cloud", store: try FileCredentialStore.encrypted(in: folder.url, environment: [:]), flow: flow)
            try await first.signIn(with: expired(refreshToken: "refresh-seed"))
            // A second process would open its own store over the same folder and load the same expired token.
            let second = AuthSession(sourceID: "cloud", store: try FileCredentialStore.encrypted(in: folder.url, environment: [:]), flow: flow)
            #expect(await second.isSignedIn)
            async let a = first.validCredentials()
            async let b = second.validCredentials()
            let (fromFirst, fromSecond) = try await (a, b)
            #expect(fromFirst.accessToken == fromSecond.accessToken)
            #expect(fromFirst.refreshToken == fromSecond.refreshToken)
            #expect(server.refreshRequests == 1)
            let stored = try FileCredentialStore.encrypted(in: folder.url, environment: [:]).load(for: "cloud")
            #expect(stored?.refreshToken == fromFirst.refreshToken)
        }
    }

    @Test("sign-out deletes the stored credentials")
    func signOutDeletes() async throws {
        let folder = try TemporaryFolder()
        let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        let session = AuthSession(sourceID: "cloud", store: store)
        try await session.signIn(with: expired(refreshToken: "refresh-seed"))
        #expect(FileManager.default.fileExists(atPath: store.fileURL(for: "cloud").path))
        // When
        try await session.signOut()
        // Then
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: "cloud").path))
        #expect(try store.load(for: "cloud") == nil)
        #expect(await session.state == .signedOut)
        await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
    }
}
