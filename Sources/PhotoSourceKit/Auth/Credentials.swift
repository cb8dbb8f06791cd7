public import Foundation

/// What a signed-in session holds. Tokens never appear in `description` or logs.
public struct Credentials: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The bearer token sent with requests.
    public var accessToken: String
    /// The token used to get a new access token, when the provider issues one.
    public var refreshToken: String?
    /// When the access token stops working, when known.
    public var expiresAt: Date?
    /// The account the tokens belong to (a user name or id), for `whoami`.
    public var account: String?
    /// The scopes granted.
    public var scope: String?

    /// Creates credentials.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, account: String? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.account = account
        self.scope = scope
    }

    /// Whether the access token expires within `margin` of `now`.
    public func expires(within margin: TimeInterval, of now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }

    /// A redacted summary: the account and expiry, never the tokens.
    public var description: String {
        var parts = ["account: \(account ?? "unknown")", "accessToken: <redacted>"]
        if refreshToken != nil { parts.append("refreshToken: <redacted>") }
        if let expiresAt { parts.append("expiresAt: \(expiresAt)") }
        return "Credentials(" + parts.joined(separator: ", ") + ")"
    }

    /// Same as ``description``: redacted.
    public var debugDescription: String { description }
}
