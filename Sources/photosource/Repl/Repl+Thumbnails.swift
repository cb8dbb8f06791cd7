import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService

extension Repl {
    /// `thumb N`: writes the photo's thumbnail to `out`: a file, whose extension (.jpg, .jpeg or
    /// .png) chooses the format, or a folder to put `<name>_thumb.<ext>` in (created when `out`
    /// ends with `/`); by default that folder is ``ThumbnailOptions/saveFolder``, never the
    /// current folder (under `make demo` that is the repository).
    func saveThumbnail(of item: any PhotoSourceItem, size: Int?, out: String?) async throws {
        var target = out.map { SourceResolver.expandPath($0) } ?? thumbnails.saveFolder
        var isFolder: ObjCBool = false
        let intoFolder = out == nil || out?.hasSuffix("/") == true
            || (FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) && isFolder.boolValue)
        let format = intoFolder ? .auto : try Self.format(ofFile: target)
        let spec = ThumbnailSpec(maxPixelSize: size ?? ThumbnailSpec().maxPixelSize, format: format)
        let thumbnail = try await thumbnail(of: item, spec: spec)
        if intoFolder {
            try AtomicFile.makeDirectory(target)
            // The title is the source's words: made safe, it names a file inside the folder and nowhere else.
            let stem = SafeFileName.make(from: (item.title as NSString).deletingPathExtension)
            target = target.appendingPathComponent(stem + "_thumb." + thumbnail.format.fileExtension)
        }
        try AtomicFile.write(thumbnail.data, to: target)
        output.line("Wrote \(TerminalText.escaped(target.path)) (\(thumbnail.pixelSize), \(thumbnail.data.count) bytes).")
    }

    /// `view N`: draws the photo with half-block characters, as large as fits the window: at most
    /// as wide as the terminal and as tall as its rows less one (for the prompt, and the caption
    /// with `--product`), so a portrait photo does not scroll away. The window's size is read at
    /// each `view`. With `--product` (and `order`'s `--crop` and `--fit`) the print's cut is drawn
    /// over it (``PrintOutline``) and a caption says what prints and how well.
    func draw(_ item: any PhotoSourceItem, options: ViewOptions = ViewOptions()) async throws {
        guard terminal.usesColor else {
            throw PhotoSourceError(
                .invalidData, "`view` draws with colour escapes, so it needs a colour terminal; `thumb N --out FILE` saves the thumbnail instead.")
        }
        let product = try options.product.map { try Self.product(named: $0, in: products) }
        if product != nil, item.pixelSize == nil, let crop = options.crop, crop.units != .normalised {
            // The outline is placed on the thumbnail, whose pixels are not the photo's.
            throw PhotoSourceError(
                .invalidData, TerminalText.escaped(
                    "The size of \(item.title) is not known, so a crop in pixels cannot be placed on it; give the crop as fractions, as in --crop 0.1,0.1,0.8,0.8."))
        }
        let window = terminal.size()  // now: the window may have been resized since the last command
        let columns = max(1, window.columns)
        let pixelRows = 2 * max(1, window.rows - (product == nil ? 1 : 2))  // two pixels per character row
        // PNG, so the colours drawn are the thumbnail's own and not JPEG's approximation.
        let thumbnail = try await thumbnail(of: item, spec: ThumbnailSpec(maxPixelSize: max(columns, pixelRows), format: .png))
        let longSide = TerminalPicture.longSide(fitting: thumbnail.pixelSize, columns: columns, pixelRows: pixelRows)
        let pixels = try ImageDecoder.decode(thumbnail.data, targetLongSide: longSide)
        try Task.checkCancellation()  // Ctrl-C: draw nothing
        var picture = TerminalPicture(pixels, trueColor: terminal.hasTrueColor)
        guard let product else {
            output.lines(picture.lines())
            return
        }
        let photo = item.pixelSize ?? thumbnail.pixelSize
        let region = try options.spec(for: product).printedRegion(ofPhoto: photo)
        picture = PrintOutline(region: region, photo: photo).drawn(on: picture)
        output.lines(picture.lines())
        let fitness = item.pixelSize.flatMap { options.layout.fitness(of: $0, on: product) }
        output.line(TerminalText.escaped(PrintOutline.caption(
            product: product, sizing: options.sizing ?? .fill, region: region, photo: photo, fitness: fitness)))
    }

    /// The format a file name asks for: JPEG for .jpg and .jpeg, PNG for .png, the photo's own
    /// choice (PNG with transparency, else JPEG) without an extension; anything else is refused.
    static func format(ofFile file: URL) throws -> ThumbnailSpec.Format {
        switch file.pathExtension.lowercased() {
        case "jpg", "jpeg": return .jpeg
        case "png": return .png
        case "": return .auto
        default:
            throw PhotoSourceError(
                .invalidData,
                "Thumbnails are JPEG or PNG, so \(file.lastPathComponent) cannot be one; end the name with .jpg or .png, or give a folder.")
        }
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
