import Foundation
import PhotoImaging
import PhotoSourceKit

extension Repl {
    /// `thumb N`: writes the photo's thumbnail to `out`: a file, or a folder to put it in
    /// (created when `out` ends with `/`); by default `<name>_thumb.<ext>` in the current folder.
    func saveThumbnail(of item: any PhotoSourceItem, size: Int?, out: String?) async throws {
        let thumbnail = try await thumbnail(of: item, spec: ThumbnailSpec(maxPixelSize: size ?? ThumbnailSpec().maxPixelSize))
        let defaultName = (item.title as NSString).deletingPathExtension + "_thumb." + thumbnail.format.fileExtension
        var target = SourceResolver.expandPath(out ?? ".")
        var isFolder: ObjCBool = false
        if out?.hasSuffix("/") == true {
            try AtomicFile.makeDirectory(target)  // `--out new-folder/` asks for a folder
            target = target.appendingPathComponent(defaultName)
        } else if out == nil || (FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) && isFolder.boolValue) {
            target = target.appendingPathComponent(defaultName)
        }
        try AtomicFile.write(thumbnail.data, to: target)
        output.line("Wrote \(target.path) (\(thumbnail.pixelSize), \(thumbnail.data.count) bytes).")
    }

    /// `view N`: draws the photo with half-block characters, as wide as the terminal.
    func draw(_ item: any PhotoSourceItem) async throws {
        guard terminal.usesColor else {
            throw PhotoSourceError(
                .invalidData, "`view` draws with colour escapes, so it needs a colour terminal; `thumb N --out FILE` saves the thumbnail instead.")
        }
        let columns = max(1, terminal.width)
        // PNG, so the colours drawn are the thumbnail's own and not JPEG's approximation.
        let thumbnail = try await thumbnail(of: item, spec: ThumbnailSpec(maxPixelSize: columns, format: .png))
        let pixels = try ImageDecoder.decode(thumbnail.data, targetLongSide: columns)
        output.lines(TerminalPicture(pixels, trueColor: terminal.hasTrueColor).lines())
    }

    /// `cache`: the cache's counters on one line.
    func showCacheCounters() {
        output.line(thumbnails.cache.counters.description)
    }

    /// Starts warming the cache with the thumbnails of `listed`, cancelling the previous page's.
    func prefetchThumbnails(of listed: ItemPage, from source: any PhotoSource) {
        guard let spec = thumbnails.prefetchSpec else { return }
        thumbnails.prefetch.replace(with: thumbnails.cache.prefetch(items: listed.items, from: source, spec: spec))
    }

    /// The thumbnail of a photo of the current source, through the cache.
    private func thumbnail(of item: any PhotoSourceItem, spec: ThumbnailSpec) async throws -> Thumbnail {
        guard item.kind == .image else {
            throw PhotoSourceError(.invalidData, "\(item.title) is an album; only photos have thumbnails.")
        }
        return try await thumbnails.cache.thumbnail(for: item, from: await browser.source, spec: spec)
    }
}
