public import Foundation
public import PhotoSourceKit

/// How a source that each customer signs in to is signed in to (authorization code + PKCE, with
/// the callback on this service) and opened over one customer's credentials.
public struct CloudSignIn: Sendable {
    /// The provider's authorization endpoint.
    public var authorizationEndpoint: URL
    /// The provider's token endpoint.
    public var tokenEndpoint: URL
    /// The OAuth client id.
    public var clientID: String
    /// The scopes asked for.
    public var scopes: [String]
    /// The source over a customer's credential store (which holds that customer's tokens only).
    public var open: @Sendable (_ credentials: any CredentialStore) throws -> ServiceSource

    /// Describes a sign-in.
    public init(
        authorizationEndpoint: URL, tokenEndpoint: URL, clientID: String, scopes: [String],
        open: @escaping @Sendable (any CredentialStore) throws -> ServiceSource
    ) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.clientID = clientID
        self.scopes = scopes
        self.open = open
    }
}
