public import Foundation
public import PhotoSourceKit

/// Fetches an item's thumbnail or original over HTTP(S).
///
/// The `url` closure says where each variant lives. When a session is given, its bearer
/// token is sent (and a rejected token refreshed once, see ``AuthorizedRequester``), so the
/// closure should only return URLs of the provider that issued the token; a redirect to
/// another origin drops the token. The `ETag` (or `Last-Modified`) becomes
/// ``PhotoSourceKit/ImageData/validator``, so the thumbnail cache keys on the version, and the
/// `Content-Type` is passed along.
///
/// Originals can also be streamed into a file (``downloadOriginal(_:from:to:)``), under the same
/// options: body limit, timeouts, low-speed abort and the address policy for every redirect.
public struct HTTPImageDownloader: ImageDownloading, OriginalFileDownloading {
    /// Where the bytes of `item`'s `variant` are.
    public typealias URLProvider = @Sendable (_ item: any PhotoSourceItem, _ variant: ImageVariant) throws -> URL

    private let requester: AuthorizedRequester
    private let options: HTTPOptions
    private let url: URLProvider

    /// Creates a downloader.
    ///
    /// - Parameters:
    ///   - client: the HTTP client (default: the shared one).
    ///   - session: the session whose bearer token is sent, if any.
    ///   - options: limits and policies; the defaults only reach public addresses.
    ///   - url: the URL of an item's variant; throw (for example `.notFound`) when there is none.
    public init(
        client: HTTPClient = .shared, session: AuthSession? = nil, options: HTTPOptions = .init(),
        url: @escaping URLProvider
    ) {
        self.requester = AuthorizedRequester(client: client, session: session)
        self.options = options
        self.url = url
    }

    /// Downloads the bytes of `item`'s `variant`.
    public func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let response = try await requester.send(try request(for: item, variant))
        return ImageData(bytes: response.body, contentType: response.header("content-type"), validator: response.validator)
    }

    /// Streams the original of `item` into `file` (through a temporary file beside it, renamed
    /// into place only when the whole body arrived), never holding it in memory.
    public func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        let response = try await requester.download(try request(for: item, .full), to: file)
        guard (200..<300).contains(response.status) else {
            throw PhotoSourceError(.invalidData, "\(response.url.redactedDescription) answered \(response.status) without the original of \(item.title).")
        }
        let size: Int
        do {
            size = try (FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Reading the size of the saved original of \(item.title)")
        }
        return DownloadedOriginal(byteCount: size, contentType: response.header("content-type"), validator: response.validator)
    }

    private func request(for item: any PhotoSourceItem, _ variant: ImageVariant) throws -> HTTPRequest {
        let location: URL
        do {
            location = try url(item, variant)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Finding the \(variant.rawValue) of \(item.title)")
        }
        return HTTPRequest(url: location, headers: ["Accept": "image/*"], options: options)
    }
}
