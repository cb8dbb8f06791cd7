import Foundation
import PhotoNetworking
import PhotoSourceKit
import SampleSources

/// A ``SampleSources/PreselectedSource`` whose URL entries have a version: the service pins an
/// item's version into its signed URLs, and the preselected downloader only knows files' versions
/// (a URL's would take a request). Here a URL's version is the `ETag` (else `Last-Modified`) of a
/// `HEAD` request made under the source's address policy; when the server gives neither, or the
/// request fails, the version is `""` (the URL is then pinned to nothing, as other sources are).
struct PinnedPreselectedSource: PhotoSourceWrapper {
    /// The default source of the wrapped list.
    var base: DefaultPhotoSource { preselected.base }
    /// The wrapped list.
    let preselected: PreselectedSource
    /// The list's downloader, with URL validators.
    let downloader: any ImageDownloading

    /// Wraps `preselected`; `client` makes the `HEAD` requests.
    init(_ preselected: PreselectedSource, client: HTTPClient = .shared) {
        self.preselected = preselected
        self.downloader = ValidatingDownloader(base: preselected.base.downloader, preselected: preselected, client: client)
    }

    /// Downloads as the list does; validators from the list for files, from a `HEAD` for URLs.
    struct ValidatingDownloader: ImageDownloading, ImageValidating, OriginalFileDownloading {
        let base: any ImageDownloading
        let preselected: PreselectedSource
        let client: HTTPClient

        func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
            try await base.download(item, from: preselected, variant: variant)
        }

        func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
            try await base.saveOriginal(item, from: preselected, to: file)
        }

        func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
            guard let entry = preselected.entries.first(where: { $0.id == item.id }) else {
                throw PhotoSourceError(.notFound, "\"\(item.id)\" is not one of the preselected photos.")
            }
            guard case .remote(let url) = entry else {
                return try await (base as? any ImageValidating)?.currentValidator(for: item, from: preselected)
            }
            let response = try? await client.send(HTTPRequest(url: url, method: "HEAD", options: preselected.options))
            return response.flatMap { (200..<300).contains($0.status) ? $0.validator : nil }
        }
    }
}
