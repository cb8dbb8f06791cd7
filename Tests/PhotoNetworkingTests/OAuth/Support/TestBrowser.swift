import Foundation
import PhotoSourceKit
@testable import PhotoNetworking

/// Plays the person's browser in sign-in tests, only ever on 127.0.0.1.
enum TestBrowser {
    /// The `redirect_uri` an authorization URL carries (the flow's loopback listener).
    static func redirectURI(in authorizationURL: URL) throws -> URL {
        guard let value = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?
            .queryItems?.first(where: { $0.name == "redirect_uri" })?.value,
            let url = URL(string: value), url.host == "127.0.0.1"
        else { throw PhotoSourceError(.invalidData, "The authorization URL has no loopback redirect_uri.") }
        return url
    }

    /// The `scheme://host:port` of `url`.
    static func origin(of url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host ?? ""):\(url.port ?? 80)"
    }

    /// GETs `url`, following redirects among the given loopback origins; a 4xx/5xx answer comes
    /// back as a response rather than an error.
    static func open(_ url: URL, trusting origins: [URL]) async throws -> HTTPResponse {
        let policy = try AddressPolicy.trusting(origins: ([url] + origins).map(origin(of:)))
        var options = HTTPOptions(addressPolicy: policy, retry: .none)
        // Generous limits: the listener's thread starts only when the waiting task runs, and in a
        // full parallel test run on two cores the cooperative pool can be busy for many seconds.
        options.totalTimeout = .seconds(180)
        options.lowSpeedLimit = (1, .seconds(150))
        let request = HTTPRequest(url: url, options: options)
        do {
            return try await HTTPClient.shared.send(request)
        } catch let error as PhotoSourceError {
            if let status = error.underlying as? HTTPStatusError { return status.response }
            throw error
        }
    }

    /// Opens the authorization URL: the test server approves and redirects to the listener.
    static func approve(_ authorizationURL: URL) async throws -> HTTPResponse {
        try await open(authorizationURL, trusting: [redirectURI(in: authorizationURL)])
    }
}
