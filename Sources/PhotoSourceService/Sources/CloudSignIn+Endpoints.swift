import Foundation
import PhotoNetworking
import PhotoSourceKit

extension CloudSignIn {
    /// HTTP options for the provider's OAuth endpoints: their origins trusted (a provider on
    /// loopback or the LAN works), no retries (a retried code or device-code exchange could
    /// spend the grant and then fail).
    func endpointOptions() throws -> HTTPOptions {
        let endpoints = [tokenEndpoint] + (deviceAuthorizationEndpoint.map { [$0] } ?? [])
        var options = HTTPOptions(addressPolicy: try AddressPolicy.trusting(origins: endpoints.map(Self.origin(of:))))
        options.retry = .none
        return options
    }

    /// The SDK's device flow over this sign-in's endpoints, for one request (it keeps nothing:
    /// the service stores the device code itself).
    ///
    /// - Throws: `.invalidData` when the source has no device authorization endpoint.
    func deviceFlow() throws -> OAuthDeviceFlow {
        guard let deviceAuthorizationEndpoint else {
            throw PhotoSourceError(.invalidData, "This source is set up for the device flow but names no device authorization endpoint.")
        }
        var configuration = OAuthConfiguration(
            authorizationEndpoint: authorizationEndpoint, tokenEndpoint: tokenEndpoint,
            deviceAuthorizationEndpoint: deviceAuthorizationEndpoint, clientID: clientID, scopes: scopes)
        configuration.httpOptions = try endpointOptions()
        return try OAuthDeviceFlow(configuration: configuration)
    }

    /// `scheme://host:port` of `url`, the port spelled out.
    private static func origin(of url: URL) -> String {
        "\(url.scheme ?? "https")://\(url.host ?? ""):\(url.port ?? (url.scheme == "http" ? 80 : 443))"
    }
}
