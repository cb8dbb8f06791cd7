public import Foundation
import PhotoSourceKit

/// Where and how a source signs in with OAuth 2: the provider's endpoints, the app's client id,
/// the scopes, the loopback redirect, and which addresses the token requests may reach.
public struct OAuthConfiguration: Sendable {
    /// The provider's authorization endpoint, opened in the person's browser.
    public var authorizationEndpoint: URL
    /// The token endpoint (codes, device codes and refresh tokens are traded here).
    public var tokenEndpoint: URL
    /// The device authorization endpoint (RFC 8628), for ``OAuthDeviceFlow``.
    public var deviceAuthorizationEndpoint: URL?
    /// The app's public client id.
    public var clientID: String
    /// The scopes asked for.
    public var scopes: [String]
    /// The loopback redirect port on 127.0.0.1; `0` (the default) picks a free ephemeral port.
    public var redirectPort: UInt16
    /// The loopback redirect path.
    public var redirectPath: String
    /// How long ``OAuthAuthorizationCodeFlow`` waits for the browser to come back.
    public var callbackTimeout: Duration
    /// Timeouts, the address policy and retries for the token and device endpoint requests.
    public var httpOptions: HTTPOptions

    /// Creates a configuration.
    ///
    /// - Parameter addressPolicy: which origins the token requests may reach: the default allows
    ///   public addresses only; a provider on loopback or a private network (such as the demo
    ///   cloud) has to be trusted explicitly with ``AddressPolicy/trusting(origins:)``.
    public init(
        authorizationEndpoint: URL, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL? = nil,
        clientID: String, scopes: [String] = [], addressPolicy: AddressPolicy = .publicOnly,
        redirectPort: UInt16 = 0, redirectPath: String = "/callback", callbackTimeout: Duration = .seconds(300)
    ) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.clientID = clientID
        self.scopes = scopes
        self.redirectPort = redirectPort
        self.redirectPath = redirectPath
        self.callbackTimeout = callbackTimeout
        self.httpOptions = HTTPOptions(addressPolicy: addressPolicy)
    }

    /// The scopes as OAuth sends them (space-separated), or `nil` when there are none.
    var scopeParameter: String? {
        scopes.isEmpty ? nil : scopes.joined(separator: " ")
    }

    /// Checks what can be checked before any request: endpoints are https, or http only on an
    /// origin the address policy trusts (secrets must not cross the network in clear text).
    func validate() throws {
        guard !clientID.isEmpty else {
            throw PhotoSourceError(.invalidData, "The OAuth configuration has no client id.")
        }
        guard redirectPath.hasPrefix("/"), !redirectPath.contains("?"), !redirectPath.contains("#") else {
            throw PhotoSourceError(.invalidData, "The OAuth redirect path must start with / and have no query (it is \(redirectPath)).")
        }
        let endpoints = [("authorization", authorizationEndpoint), ("token", tokenEndpoint)]
            + (deviceAuthorizationEndpoint.map { [("device authorization", $0)] } ?? [])
        for (name, url) in endpoints {
            switch url.scheme?.lowercased() {
            case "https":
                continue
            case "http" where httpOptions.addressPolicy.isTrusted(url):
                continue
            default:
                throw PhotoSourceError(
                    .invalidData,
                    "The OAuth \(name) endpoint \(url.redactedDescription) must use https "
                        + "(plain http is accepted only for origins the address policy trusts).")
            }
        }
    }
}
