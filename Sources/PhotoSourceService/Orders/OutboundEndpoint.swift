import Foundation
import PhotoNetworking
import PhotoSourceKit

/// The HTTP options for a URL an operator configured (an upload endpoint, a print lab, the shop's
/// webhook): its origin is allow-listed, every other host must be public, and the client does not
/// retry on its own (the order pipeline and the webhook sender own retries).
enum OutboundEndpoint {
    /// Options trusting `url`'s origin. Throws `.invalidData` naming `owner` when `url` is not http(s).
    static func options(for url: URL, owner: String, timeout: Duration, maxResponseBytes: Int = 1 << 20) throws -> HTTPOptions {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host(percentEncoded: false),
            !host.isEmpty
        else {
            throw PhotoSourceError(.invalidData, "The URL of \(owner) must be an http or https URL with a host, not \"\(url.redactedDescription)\".")
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let port = url.port.map { ":\($0)" } ?? ""
        return HTTPOptions(
            connectTimeout: .seconds(10), totalTimeout: timeout, maxBodyBytes: maxResponseBytes,
            addressPolicy: try .trusting(origins: ["\(scheme)://\(shownHost)\(port)"]), retry: .none)
    }
}
