public import Foundation

/// What a person has to do to sign in (the async stand-in for Print.io's `authViewController`).
public enum AuthChallenge: Sendable, Hashable {
    /// Open `url` in a browser; the provider redirects back with a code.
    /// `state` is the anti-forgery value the redirect must echo.
    case browser(url: URL, state: String)
    /// Enter `userCode` at `verificationURL`; the session polls until approved or `expiresAt`.
    case deviceCode(userCode: String, verificationURL: URL, expiresAt: Date, pollInterval: Duration)
}

/// How a source signs in: implemented by OAuth 2 flows (see PhotoNetworking) or by a test double.
public protocol SignInFlow: Sendable {
    /// Starts signing in and says what the person has to do.
    func begin() async throws -> AuthChallenge
    /// Finishes signing in: for `.browser`, `callback` is the redirect URL that came back;
    /// for `.deviceCode` it is `nil` and the flow polls until approved.
    func complete(_ challenge: AuthChallenge, callback: URL?) async throws -> Credentials
    /// Trades the refresh token for new credentials. Throws `.invalidCredentials`
    /// when the grant is gone (the user has to sign in again).
    func refresh(_ credentials: Credentials) async throws -> Credentials
}
