public import Foundation

/// The sign-in state of one source: signed out, signed in, or needs sign-in again.
///
/// The session loads and saves credentials through an injected ``CredentialStore``,
/// refreshes access tokens shortly before they expire with one refresh shared by all
/// concurrent callers, and moves to ``State/needsSignIn(reason:)`` when a listing or a
/// download fails with an auth error.
public actor AuthSession {
    /// Where the session stands.
    public enum State: Sendable, Hashable {
        /// No credentials.
        case signedOut
        /// Credentials that work (as far as we know).
        case signedIn
        /// Credentials were rejected or the grant is gone; the person has to sign in again.
        case needsSignIn(reason: String)
    }

    /// The source the session belongs to (the key in the credential store).
    public nonisolated let sourceID: String
    private let store: any CredentialStore
    private let flow: (any SignInFlow)?
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var credentials: Credentials?
    private var refreshTask: Task<Credentials, any Error>?

    /// The current state.
    public private(set) var state: State
    /// How many refreshes were made (for tests and diagnostics).
    public private(set) var refreshCount = 0

    /// Creates a session, loading any stored credentials.
    ///
    /// - Parameters:
    ///   - refreshMargin: refresh the access token this long before it expires (default 10 s).
    ///   - now: the clock (tests inject one).
    public init(
        sourceID: String, store: any CredentialStore, flow: (any SignInFlow)? = nil,
        refreshMargin: TimeInterval = 10, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sourceID = sourceID
        self.store = store
        self.flow = flow
        self.refreshMargin = refreshMargin
        self.now = now
        let loaded = try? store.load(for: sourceID)
        self.credentials = loaded
        self.state = loaded == nil ? .signedOut : .signedIn
    }

    /// Whether the session is signed in.
    public var isSignedIn: Bool { state == .signedIn }
    /// The signed-in account, when known.
    public var account: String? { state == .signedIn ? credentials?.account : nil }

    /// Starts signing in.
    public func beginSignIn() async throws -> AuthChallenge {
        guard let flow else {
            throw PhotoSourceError(.authentication, "\(sourceID) has no sign-in flow configured.")
        }
        return try await flow.begin()
    }

    /// Finishes signing in after the person acted on `challenge`, and stores the credentials.
    public func completeSignIn(_ challenge: AuthChallenge, callback: URL? = nil) async throws {
        guard let flow else {
            throw PhotoSourceError(.authentication, "\(sourceID) has no sign-in flow configured.")
        }
        try signIn(with: try await flow.complete(challenge, callback: callback))
    }

    /// Stores `credentials` and marks the session signed in.
    public func signIn(with credentials: Credentials) throws {
        try store.save(credentials, for: sourceID)
        self.credentials = credentials
        state = .signedIn
    }

    /// Forgets the credentials (deleting them from the store).
    public func signOut() throws {
        refreshTask?.cancel()
        refreshTask = nil
        credentials = nil
        state = .signedOut
        try store.delete(for: sourceID)
    }

    /// Marks the session as needing a new sign-in (called when a request fails with an auth error).
    public func markNeedsSignIn(reason: String) {
        if state == .signedIn { state = .needsSignIn(reason: reason) }
    }

    /// Returns credentials that are valid for at least the refresh margin, refreshing first if needed.
    ///
    /// Throws `.notLoggedIn` when signed out or when sign-in is needed again.
    public func validCredentials() async throws -> Credentials {
        guard state == .signedIn, let current = credentials else { throw notSignedInError() }
        guard current.expires(within: refreshMargin, of: now()) else { return current }
        return try await refresh(from: current)
    }

    /// Called after the server rejected `rejectedToken` (HTTP 401): refreshes once, shared with
    /// concurrent callers, unless the token was already replaced meanwhile.
    public func credentialsAfterRejection(of rejectedToken: String) async throws -> Credentials {
        guard state == .signedIn, let current = credentials else { throw notSignedInError() }
        if current.accessToken != rejectedToken { return current }
        return try await refresh(from: current)
    }

    private func refresh(from current: Credentials) async throws -> Credentials {
        if let refreshTask { return try await refreshTask.value }
        guard let flow, current.refreshToken != nil else {
            markNeedsSignIn(reason: "The access token expired and cannot be refreshed.")
            throw notSignedInError()
        }
        let task = Task { try await self.lockedRefresh(from: current, with: flow) }
        refreshTask = task
        defer { refreshTask = nil }
        return try await task.value
    }

    /// Re-reads, refreshes and saves while holding the store's refresh lock (when it has one),
    /// so another process sharing the store cannot spend the same refresh token meanwhile.
    private func lockedRefresh(from current: Credentials, with flow: any SignInFlow) async throws -> Credentials {
        let lock = try await (store as? any RefreshLockingCredentialStore)?.acquireRefreshLock(for: sourceID)
        defer { lock?.release() }
        // Another process may have refreshed already: prefer what the store has now.
        let latest = (try? store.load(for: sourceID)) ?? current
        if latest.accessToken != current.accessToken, !latest.expires(within: refreshMargin, of: now()) {
            credentials = latest
            return latest
        }
        return try await performRefresh(latest, with: flow)
    }

    private func performRefresh(_ latest: Credentials, with flow: any SignInFlow) async throws -> Credentials {
        do {
            var fresh = try await flow.refresh(latest)
            refreshCount += 1
            if fresh.refreshToken == nil { fresh.refreshToken = latest.refreshToken }
            if fresh.account == nil { fresh.account = latest.account }
            try store.save(fresh, for: sourceID)  // a rotated refresh token is saved before anyone uses it
            credentials = fresh
            return fresh
        } catch let error as PhotoSourceError where error.code.isAuthFailure {
            markNeedsSignIn(reason: error.message)
            throw PhotoSourceError(.notLoggedIn, "The sign-in for \(sourceID) expired; sign in again.", underlying: error)
        }
    }

    private func notSignedInError() -> PhotoSourceError {
        switch state {
        case .needsSignIn(let reason):
            PhotoSourceError(.notLoggedIn, "You need to sign in to \(sourceID) again: \(reason)")
        default:
            PhotoSourceError(.notLoggedIn, "You are not signed in to \(sourceID). Sign in first (in the REPL: login).")
        }
    }
}
