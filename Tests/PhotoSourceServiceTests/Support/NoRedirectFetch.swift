import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One GET that does not follow redirects: returns the `Location` header, the way a browser
/// sees the provider's redirect back to the service.
enum NoRedirectFetch {
    static func location(of url: URL) async throws -> String {
        let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
        do {
            let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(10))
            try await client.shutdown()
            guard let location = response.headers.first(name: "location") else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no redirect (HTTP \(response.status.code))"])
            }
            return location
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
