import Foundation
import PhotoNetworking
import PhotoSourceKit

/// Image downloads from the cloud, where an HTTP 500 that repeats for the same photo is the
/// photo, not the moment: a photo the cloud cannot render fails every time (the demo cloud
/// answers `photo_damaged` for a file it cannot decode). So images get two attempts, not three
/// (one retry still covers a passing fault), and a 500 on both says the photo is damaged and
/// that trying again will not help, instead of "Try again later".
///
/// Originals are streamed into files through ``base`` (``OriginalFileDownloading``): without it,
/// ``PhotoSourceKit/ImageDownloading/saveOriginal(_:from:to:)`` fell back to holding each whole
/// original in memory (four 27 MB originals at once in an order: +100 MB resident).
struct DamagedPhotoDownloader: ImageDownloading, OriginalFileDownloading {
    /// Two attempts in all; the other settings as ``RetryPolicy/default``.
    static let retry = RetryPolicy(maxAttempts: 2)

    /// The downloader whose failures are explained.
    let base: any ImageDownloading

    /// Downloads through ``base``, explaining a repeated 500.
    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        do {
            return try await base.download(item, from: source, variant: variant)
        } catch {
            throw Self.explained(error, item: item, sourceTitle: source.title)
        }
    }

    /// Saves the original through ``base`` (streamed when it can), explaining a repeated 500.
    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        do {
            return try await base.saveOriginal(item, from: source, to: file)
        } catch {
            throw Self.explained(error, item: item, sourceTitle: source.title)
        }
    }

    /// `options` with ``retry`` for image requests.
    static func imageOptions(_ options: HTTPOptions) -> HTTPOptions {
        var options = options
        options.retry = retry
        return options
    }

    /// `error` as advice a person can act on when it is an HTTP 500 for `item` (already tried
    /// twice); any other error unchanged.
    static func explained(_ error: any Error, item: any PhotoSourceItem, sourceTitle: String) -> any Error {
        guard let failure = error as? PhotoSourceError, let status = failure.underlying as? HTTPStatusError,
            status.response.status == 500
        else { return error }
        let saysDamaged = String(decoding: status.response.body, as: UTF8.self).contains("\"photo_damaged\"")
        let why = saysDamaged ? "says the photo is damaged" : "failed on it twice in a row (HTTP 500), so the photo is probably damaged"
        return PhotoSourceError(
            .invalidData, "\(sourceTitle) \(why): \(item.title) cannot be shown or ordered, and trying again will not help; choose another photo.",
            detail: failure.detail, underlying: failure)
    }
}
