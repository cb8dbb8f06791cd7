public import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// What a conditional GET of a remote catalog may answer with, and how to ask for it again.
public struct CatalogValidators: Sendable, Hashable, Codable {
    /// The last response's `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// The last response's `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// Creates validators.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// The answer to a conditional catalog download.
public enum CatalogFetchResult: Sendable {
    /// 304: the copy in hand is current.
    case notModified
    /// 200: a new document and its validators.
    case fetched(Data, CatalogValidators)
}

/// Downloads a remote catalog with a conditional GET.
public protocol CatalogFetching: Sendable {
    /// Fetches `url`, sending `validators`; a body over `maximumBytes` is a `tooLarge` error.
    func fetch(_ url: URL, validators: CatalogValidators, maximumBytes: Int) async throws -> CatalogFetchResult
}

/// ``CatalogFetching`` over PhotoNetworking's client: no retries (the loader backs off itself),
/// a bounded time and body, and only the catalog's own origin trusted beyond public addresses.
public struct HTTPCatalogFetcher: CatalogFetching {
    private let client: HTTPClient
    private let timeout: Duration
    private let trustedOrigins: [String]

    /// Creates a fetcher; `trustedOrigins` may be reached on any address (a loopback catalog in
    /// development or tests), everything else only on public ones.
    public init(client: HTTPClient = .shared, timeout: Duration = .seconds(30), trustedOrigins: [String] = []) {
        self.client = client
        self.timeout = timeout
        self.trustedOrigins = trustedOrigins
    }

    /// Fetches `url` with `If-None-Match` / `If-Modified-Since`.
    public func fetch(_ url: URL, validators: CatalogValidators, maximumBytes: Int) async throws -> CatalogFetchResult {
        var headers = ["Accept": "application/json"]
        if let etag = validators.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators.lastModified { headers["If-Modified-Since"] = lastModified }
        let options = HTTPOptions(
            connectTimeout: min(timeout, .seconds(10)), totalTimeout: timeout, maxRedirects: 3, maxBodyBytes: maximumBytes,
            addressPolicy: try AddressPolicy.trusting(origins: trustedOrigins), retry: .none)
        let response = try await client.send(HTTPRequest(url: url, headers: headers, options: options))
        if response.status == 304 { return .notModified }
        guard response.status == 200 else {
            throw PhotoSourceError(.invalidData, "The catalog at \(url.absoluteString) answered \(response.status), not 200 or 304.")
        }
        return .fetched(response.body, CatalogValidators(etag: response.header("ETag"), lastModified: response.header("Last-Modified")))
    }
}
