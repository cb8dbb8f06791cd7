public import Foundation
public import PhotoSourceKit

/// How a source that each customer signs in to is signed in to (authorization code + PKCE with
/// the callback on this service, or the device flow) and opened over one customer's credentials.
public struct CloudSignIn: Sendable {
    /// The OAuth flow the service runs for a source.
    public enum Flow: String, Sendable, Hashable, Codable, CaseIterable {
        /// Authorization code + PKCE: the customer's browser goes to the provider and comes back
        /// to `/v1/sources/{id}/callback` (the default).
        case authorizationCode
        /// The device flow (RFC 8628): the customer enters a short code at the provider, and the
        /// service polls the token endpoint while the browser polls `GET …/sign-in`. For
        /// providers that offer nothing else, or when the service has no callback URL to offer.
        case deviceCode
    }

    /// The provider's authorization endpoint.
    public var authorizationEndpoint: URL
    /// The provider's token endpoint.
    public var tokenEndpoint: URL
    /// The provider's device authorization endpoint, for ``Flow/deviceCode``.
    public var deviceAuthorizationEndpoint: URL?
    /// The flow the service uses.
    public var flow: Flow
    /// The OAuth client id.
    public var clientID: String
    /// The scopes asked for.
    public var scopes: [String]
    /// The source over a customer's credential store (which holds that customer's tokens only).
    public var open: @Sendable (_ credentials: any CredentialStore) throws -> ServiceSource

    /// Describes a sign-in; `flow` `.deviceCode` needs `deviceAuthorizationEndpoint`.
    public init(
        authorizationEndpoint: URL, tokenEndpoint: URL, clientID: String, scopes: [String],
        deviceAuthorizationEndpoint: URL? = nil, flow: Flow = .authorizationCode,
        open: @escaping @Sendable (any CredentialStore) throws -> ServiceSource
    ) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.flow = flow
        self.clientID = clientID
        self.scopes = scopes
        self.open = open
    }
}
