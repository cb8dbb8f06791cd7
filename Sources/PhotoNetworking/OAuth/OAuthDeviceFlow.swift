public import Foundation
public import PhotoSourceKit
import Synchronization

/// OAuth 2 device authorization sign-in (RFC 8628), for machines without a browser.
///
/// ``begin()`` asks for a device code and returns `.deviceCode(userCode:verificationURL:…)`:
/// show the code and the link. ``complete(_:callback:)`` polls the token endpoint every poll
/// interval, waiting on `authorization_pending`, slowing down by 5 s on `slow_down`, until the
/// person approves (credentials), denies (`access_denied`: `.invalidCredentials`) or the code
/// expires (`expired_token`: `.authentication`).
public final class OAuthDeviceFlow: SignInFlow {
    /// The provider's endpoints and the app's settings.
    public let configuration: OAuthConfiguration
    /// How much longer to wait between polls after each `slow_down` (RFC 8628 §3.5).
    public static let slowDownStep: Duration = .seconds(5)

    let deviceEndpoint: URL
    let endpoints: OAuthEndpointClient
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date
    /// Device codes of sign-ins between ``begin()`` and ``complete(_:callback:)``, by user code.
    private let pending = Mutex<[String: String]>([:])

    /// Creates the flow; throws `.invalidData` when the configuration has no device
    /// authorization endpoint or is otherwise unusable.
    ///
    /// - Parameters:
    ///   - client: the HTTP client for the endpoint requests.
    ///   - sleep: waits between polls (tests inject one that returns at once).
    ///   - now: the clock for expiry (tests inject one).
    public init(
        configuration: OAuthConfiguration, client: HTTPClient = .shared,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        guard let deviceEndpoint = configuration.deviceAuthorizationEndpoint else {
            throw PhotoSourceError(
                .invalidData, "The OAuth configuration has no device authorization endpoint, so device sign-in is not possible.")
        }
        try configuration.validate()
        self.configuration = configuration
        self.deviceEndpoint = deviceEndpoint
        self.endpoints = OAuthEndpointClient(configuration: configuration, client: client, now: now)
        self.sleep = sleep
        self.now = now
    }

    /// Requests a device code and says what the person has to do.
    public func begin() async throws -> AuthChallenge {
        let authorization = try await requestDeviceCode()
        pending.withLock { $0[authorization.userCode] = authorization.deviceCode }
        return .deviceCode(
            userCode: authorization.userCode, verificationURL: authorization.verificationURI,
            expiresAt: authorization.expiresAt, pollInterval: authorization.interval)
    }

    /// Polls until the person approved, denied, or the code expired.
    public func complete(_ challenge: AuthChallenge, callback: URL?) async throws -> Credentials {
        guard case .deviceCode(let userCode, _, let expiresAt, let firstInterval) = challenge else {
            throw PhotoSourceError(.invalidData, "This sign-in uses a device code; it cannot complete a browser challenge.")
        }
        guard let deviceCode = pending.withLock({ $0.removeValue(forKey: userCode) }) else {
            throw PhotoSourceError(
                .authentication, "This device sign-in was not started here, or it already finished; start signing in again.")
        }
        var interval = firstInterval
        while true {
            guard now() < expiresAt else {
                throw PhotoSourceError(
                    .authentication, "Device sign-in failed: the code \(userCode) expired before it was approved; start signing in again.")
            }
            do {
                try await sleep(interval)
            } catch {
                throw PhotoSourceError(.cancelled, "Stopped waiting for the device sign-in to be approved.")
            }
            switch try await poll(deviceCode: deviceCode) {
            case .approved(let credentials): return credentials
            case .pending: continue
            case .slowDown: interval += Self.slowDownStep
            case .denied(let error), .expired(let error): throw error
            }
        }
    }

    /// Trades the refresh token for new credentials (see ``SignInFlow/refresh(_:)``).
    public func refresh(_ credentials: Credentials) async throws -> Credentials {
        try await endpoints.refresh(credentials)
    }
}
