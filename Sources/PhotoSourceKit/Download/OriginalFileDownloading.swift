public import Foundation

/// An optional capability of a downloader: saving an item's original straight into a file, so
/// an original is never held whole in memory (a print service spools originals this way).
///
/// Write into a temporary file beside `file` and rename it into place only when the download is
/// complete (``AtomicFile/createTemporary(beside:mode:)``, ``AtomicFile/commitTemporary(_:to:)``),
/// so a failed or cancelled download leaves no file and an existing `file` untouched. Keep every
/// limit ``ImageDownloading/download(_:from:variant:)`` has for `.full`.
///
/// Callers use ``ImageDownloading/saveOriginal(_:from:to:)``, which works with every downloader.
public protocol OriginalFileDownloading: ImageDownloading {
    /// Saves the original of `item` into `file` (see the protocol for the rules).
    ///
    /// Throws ``PhotoSourceError`` as ``ImageDownloading/download(_:from:variant:)`` does.
    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal
}

/// What ``OriginalFileDownloading/downloadOriginal(_:from:to:)`` saved.
public struct DownloadedOriginal: Sendable, Hashable {
    /// The file's length in bytes.
    public var byteCount: Int
    /// The content type the origin claimed, if any.
    public var contentType: String?
    /// The origin's version tag (an ETag, a file's modification time), if any.
    public var validator: String?

    /// Describes a saved original.
    public init(byteCount: Int, contentType: String? = nil, validator: String? = nil) {
        self.byteCount = byteCount
        self.contentType = contentType
        self.validator = validator
    }
}

extension ImageDownloading {
    /// Saves the original of `item` into `file`, replacing it only when complete: streamed by
    /// downloaders that are ``OriginalFileDownloading``; for the others (closure downloaders
    /// give bytes) their `.full` bytes are written, bounded by the downloader's own limits.
    public func saveOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        if let streaming = self as? any OriginalFileDownloading {
            return try await streaming.downloadOriginal(item, from: source, to: file)
        }
        let data = try await download(item, from: source, variant: .full)
        do {
            try AtomicFile.write(data.bytes, to: file)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Saving the original of \(item.title)")
        }
        return DownloadedOriginal(byteCount: data.bytes.count, contentType: data.contentType, validator: data.validator)
    }
}
