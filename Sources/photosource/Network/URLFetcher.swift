import Foundation
import PhotoNetworking
import PhotoSourceKit

/// Downloads one URL to a file under an address policy and the client's default limits
/// (timeouts, body size, redirects). The policy is checked before connecting, so a refused
/// URL sends nothing; the file appears only when the whole body arrived.
struct URLFetcher: Sendable {
    /// Which addresses may be reached.
    let policy: AddressPolicy
    /// The client.
    var client: HTTPClient = .shared

    /// Fetches `url` into `file`, reporting bytes received and expected.
    func fetch(_ url: URL, to file: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void) async throws {
        try policy.check(url: url)
        let options = HTTPOptions(addressPolicy: policy)
        _ = try await client.download(HTTPRequest(url: url, options: options), to: file, progress: progress)
    }
}
