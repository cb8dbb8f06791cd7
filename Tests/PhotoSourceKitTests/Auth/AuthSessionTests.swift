import Foundation
import PhotoSourceKit
import Testing

@Suite("AuthSession")
struct AuthSessionTests {
    let expired = Credentials(accessToken: "old", refreshToken: "refresh-old", expiresAt: Date().addingTimeInterval(-5), account: "ada")

    @Test("signed out -> signed in -> signed out, with the store following")
    func stateMachine() async throws {
        let store = InMemoryCredentialStore()
        let session = AuthSession(sourceID: "s", store: store, flow: FakeSignInFlow())
        #expect(await session.state == .signedOut)
        let challenge = try await session.beginSignIn()
        try await session.completeSignIn(challenge)
        #expect(await session.state == .signedIn)
        #expect(await session.account == "ada")
        #expect(try store.load(for: "s")?.accessToken == "access-0")
        try await session.signOut()
        #expect(await session.state == .signedOut)
        #expect(try store.load(for: "s") == nil)
        let error = await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
        #expect(error?.code == .notLoggedIn)
    }

    @Test("stored credentials sign the session in at start")
    func restoresFromStore() async throws {
        let store = InMemoryCredentialStore()
        try store.save(Credentials(accessToken: "a"), for: "s")
        #expect(await AuthSession(sourceID: "s", store: store).state == .signedIn)
    }

    @Test("20 concurrent callers with an expiring token share exactly one refresh")
    func singleFlightRefresh() async throws {
        let store = InMemoryCredentialStore()
        try store.save(expired, for: "s")
        let flow = FakeSignInFlow()
        let session = AuthSession(sourceID: "s", store: store, flow: flow)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await session.validCredentials().accessToken } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(flow.refreshes.count == 1)
        #expect(Set(tokens) == ["access-1"])
        let saved = try #require(try store.load(for: "s"))
        #expect(saved.refreshToken == "refresh-1", "the rotated refresh token is saved")
        #expect(saved.account == "ada", "the account survives a refresh that does not repeat it")
    }

    @Test("a token about to expire within the margin is refreshed; a fresh one is not")
    func refreshMargin() async throws {
        let store = InMemoryCredentialStore()
        try store.save(Credentials(accessToken: "soon", refreshToken: "r", expiresAt: Date().addingTimeInterval(5)), for: "s")
        let flow = FakeSignInFlow()
        let session = AuthSession(sourceID: "s", store: store, flow: flow, refreshMargin: 10)
        #expect(try await session.validCredentials().accessToken == "access-1")
        #expect(try await session.validCredentials().accessToken == "access-1")
        #expect(flow.refreshes.count == 1)
    }

    @Test("a 401 refreshes once; a token already replaced is returned without a refresh")
    func rejection() async throws {
        let store = InMemoryCredentialStore()
        try store.save(Credentials(accessToken: "a", refreshToken: "r", expiresAt: Date().addingTimeInterval(3600)), for: "s")
        let flow = FakeSignInFlow()
        let session = AuthSession(sourceID: "s", store: store, flow: flow)
        #expect(try await session.credentialsAfterRejection(of: "a").accessToken == "access-1")
        #expect(try await session.credentialsAfterRejection(of: "a").accessToken == "access-1")
        #expect(flow.refreshes.count == 1)
    }

    @Test("invalid_grant moves the session to needs sign-in with no retry loop")
    func invalidGrant() async throws {
        let store = InMemoryCredentialStore()
        try store.save(expired, for: "s")
        let flow = FakeSignInFlow()
        flow.revokeGrant()
        let session = AuthSession(sourceID: "s", store: store, flow: flow)
        let error = await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
        #expect(error?.code == .notLoggedIn)
        guard case .needsSignIn = await session.state else {
            Issue.record("expected needsSignIn, got \(await session.state)")
            return
        }
        await #expect(throws: PhotoSourceError.self) { try await session.validCredentials() }
        #expect(flow.refreshes.count == 0)
    }

    @Test("an auth error while listing or downloading marks the session needs sign-in")
    func authErrorsMarkSession() async throws {
        let store = InMemoryCredentialStore()
        try store.save(Credentials(accessToken: "a"), for: "s")
        let session = AuthSession(sourceID: "s", store: store)
        let source = DefaultPhotoSource(
            id: "s", title: "S",
            listing: .complete { _ in throw PhotoSourceError(.authentication, "token revoked") },
            downloader: ClosureImageDownloader { _, _ in throw PhotoSourceError(.authentication, "token revoked") },
            authSession: session)
        #expect(try await source.isAuthenticated())
        await #expect(throws: PhotoSourceError.self) { try await source.items(in: .root, page: 0, count: 5) }
        #expect(await session.state == .needsSignIn(reason: "token revoked"))
        #expect(try await !source.isAuthenticated())
        let listing = await #expect(throws: PhotoSourceError.self) { try await source.items(in: .root, page: 0, count: 5) }
        #expect(listing?.code == .notLoggedIn)

        try await session.signIn(with: Credentials(accessToken: "b"))
        let item = DefaultPhotoSourceItem.image(id: "x", sourceID: "s", title: "x")
        await #expect(throws: PhotoSourceError.self) { try await source.downloader.download(item, from: source, variant: .full) }
        #expect(await session.isSignedIn == false)
    }

    @Test("credentials never print their tokens")
    func redaction() {
        let credentials = Credentials(accessToken: "SECRET-A", refreshToken: "SECRET-R", account: "ada")
        #expect(!"\(credentials)".contains("SECRET"))
        #expect(!String(reflecting: credentials).contains("SECRET"))
        #expect("\(credentials)".contains("ada"))
    }
}
