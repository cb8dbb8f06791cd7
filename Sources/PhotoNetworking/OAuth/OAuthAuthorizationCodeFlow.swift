public import Foundation
public import PhotoSourceKit
import Synchronization

/// OAuth 2 authorization code sign-in with PKCE (S256) and a loopback redirect (RFC 8252).
///
/// ``begin()`` starts a listener on 127.0.0.1 (an ephemeral port unless configured) and returns
/// `.browser(url:state:)`; open the URL in a browser. ``complete(_:callback:)`` then either
/// waits for the browser's redirect on the listener (`callback: nil`) or takes a redirect URL
/// the person pasted, checks `state`, and trades the code and the PKCE verifier for tokens.
public final class OAuthAuthorizationCodeFlow: SignInFlow {
    /// The provider's endpoints and the app's settings.
    public let configuration: OAuthConfiguration
    private let endpoints: OAuthEndpointClient
    private let pending = Mutex<[String: PendingAuthorization]>([:])

    /// A sign-in between ``begin()`` and ``complete(_:callback:)``, keyed by its state.
    private struct PendingAuthorization: Sendable {
        let pkce: PKCE
        let listener: LoopbackCallbackListener
        let startedAt: ContinuousClock.Instant
    }

    /// Creates the flow; throws `.invalidData` when the configuration is unusable (such as an
    /// `http` token endpoint that the address policy does not trust).
    ///
    /// - Parameters:
    ///   - client: the HTTP client for token requests.
    ///   - now: the clock that stamps token expiry (tests inject one).
    public init(
        configuration: OAuthConfiguration, client: HTTPClient = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        self.endpoints = OAuthEndpointClient(configuration: configuration, client: client, now: now)
    }

    /// Starts the loopback listener and returns the authorization URL to open, with its state.
    public func begin() async throws -> AuthChallenge {
        closeAbandoned()
        let listener = try LoopbackCallbackListener(
            port: configuration.redirectPort, callbackPath: configuration.redirectPath)
        let pkce = PKCE()
        let state = SecureRandom.urlSafeToken(byteCount: 24)
        let url = try authorizationURL(state: state, pkce: pkce, redirectURI: listener.redirectURI)
        pending.withLock {
            $0[state] = PendingAuthorization(pkce: pkce, listener: listener, startedAt: .now)
        }
        return .browser(url: url, state: state)
    }

    /// Waits for the redirect (or reads the pasted `callback`), checks `state` and trades the
    /// code for credentials. A state mismatch throws `.authentication`; either way the sign-in
    /// is over and a new one starts with ``begin()``.
    public func complete(_ challenge: AuthChallenge, callback: URL?) async throws -> Credentials {
        guard case .browser(_, let state) = challenge else {
            throw PhotoSourceError(.invalidData, "This sign-in uses the browser; it cannot complete a device-code challenge.")
        }
        guard let started = pending.withLock({ $0.removeValue(forKey: state) }) else {
            throw PhotoSourceError(
                .authentication, "This sign-in was not started here, or it already finished; start signing in again.")
        }
        defer { started.listener.close() }
        let code: String
        if let callback {
            code = try AuthorizationCallback(url: callback).code(expectedState: state)
        } else {
            code = try await started.listener.waitForCode(expectedState: state, timeout: configuration.callbackTimeout)
        }
        let form = FormBody([
            "grant_type": "authorization_code", "code": code,
            "redirect_uri": started.listener.redirectURI.absoluteString,
            "client_id": configuration.clientID, "code_verifier": started.pkce.verifier,
        ])
        return try await endpoints.requestToken(form, context: "Signing in failed")
    }

    /// Trades the refresh token for new credentials (see ``SignInFlow/refresh(_:)``).
    public func refresh(_ credentials: Credentials) async throws -> Credentials {
        try await endpoints.refresh(credentials)
    }

    /// The authorization endpoint with the OAuth and PKCE parameters added to its query.
    func authorizationURL(state: String, pkce: PKCE, redirectURI: URL) throws -> URL {
        guard var components = URLComponents(url: configuration.authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw PhotoSourceError(.invalidData, "The OAuth authorization endpoint is not a valid URL.")
        }
        let parameters = FormBody([
            "response_type": "code", "client_id": configuration.clientID,
            "redirect_uri": redirectURI.absoluteString, "scope": configuration.scopeParameter, "state": state,
            "code_challenge": pkce.challenge, "code_challenge_method": PKCE.method,
        ])
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        components.percentEncodedQuery = (existing + [parameters.encodedString]).joined(separator: "&")
        guard let url = components.url else {
            throw PhotoSourceError(.invalidData, "The OAuth authorization URL could not be built.")
        }
        return url
    }

    /// Closes the listeners of sign-ins that were begun and never completed, once they are past
    /// the callback timeout.
    private func closeAbandoned() {
        let cutoff = ContinuousClock.now - configuration.callbackTimeout
        let abandoned = pending.withLock { table in
            let old = table.filter { $0.value.startedAt < cutoff }
            for key in old.keys { table[key] = nil }
            return Array(old.values)
        }
        for entry in abandoned { entry.listener.close() }
    }
}
