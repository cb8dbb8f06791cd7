import Foundation
import PhotoImaging
import PhotoSourceKit
import Synchronization

/// Draws the demo cloud's photos on request and remembers the JPEGs (bounded by bytes).
///
/// Pictures come from the demo library's ``DemoPainter`` (a scene chosen by the photo number,
/// seeded by the photo id), so a photo is the same bytes on every run. Drawing and encoding run
/// on the decode pool's threads, never on the cooperative pool.
final class DemoPhotoRenderer: Sendable {
    /// Which rendition to draw.
    enum Variant: String, Sendable {
        case thumbnail
        case original
    }

    private struct Key: Hashable {
        let photoID: String
        let variant: Variant
    }

    private struct Memo {
        var entries: [Key: (data: Data, contentType: String, tick: Int)] = [:]
        var bytes = 0
        var tick = 0
    }

    /// The long side of thumbnails.
    let thumbnailLongSide: Int
    private let maximumMemoBytes: Int
    private let memo = Mutex(Memo())
    private let pool: DecodePool

    init(thumbnailLongSide: Int, maximumMemoBytes: Int = 64 << 20, pool: DecodePool = .shared) {
        self.thumbnailLongSide = thumbnailLongSide
        self.maximumMemoBytes = maximumMemoBytes
        self.pool = pool
    }

    /// The pixel size of `variant` of `photo`: the metadata size, or that scaled to the thumbnail side.
    func size(of photo: DemoCatalog.Photo, _ variant: Variant) -> PixelSize {
        let full = photo.pixelSize
        guard variant == .thumbnail else { return full }
        let longSide = max(full.width, full.height)
        guard longSide > thumbnailLongSide else { return full }
        let scale = Double(thumbnailLongSide) / Double(longSide)
        return PixelSize(
            width: max(1, Int((Double(full.width) * scale).rounded())),
            height: max(1, Int((Double(full.height) * scale).rounded())))
    }

    /// A strong ETag for the rendition; the bytes are a pure function of what it names.
    func etag(of photo: DemoCatalog.Photo, _ variant: Variant) -> String {
        let file = photo.fileIndex.map { "-file\($0)" } ?? ""
        return "\"v1-\(photo.id)-\(variant.rawValue)-\(size(of: photo, variant))\(file)\""
    }

    /// The bytes and content type of `variant` of `photo`: drawn as a JPEG on first request, or,
    /// for a photo of `folder`, read from its file (thumbnails rendered from it; originals are
    /// not remembered, so a folder of big files never fills the memory).
    func image(of photo: DemoCatalog.Photo, _ variant: Variant, folder: FolderPhotos?) async throws -> (data: Data, contentType: String) {
        let key = Key(photoID: photo.id, variant: variant)
        if let hit = lookUp(key) { return hit }
        if let folder, let index = photo.fileIndex {
            let longSide = thumbnailLongSide
            let (data, format) = try await pool.run { try folder.data(at: index, variant, longSide: longSide) }
            let answer = (data, format == .png ? "image/png" : "image/jpeg")
            if variant == .thumbnail { store(answer.0, contentType: answer.1, for: key) }
            return answer
        }
        let size = size(of: photo, variant)
        let data = try await pool.run { try Self.paint(photo, size: size) }
        store(data, contentType: "image/jpeg", for: key)
        return (data, "image/jpeg")
    }

    /// Opaque scenes only: JPEG has no alpha.
    private static let themes: [DemoPhoto.Theme] = [.city, .sea, .mountains, .forest, .portrait, .party, .chart]

    /// Paints `photo` at `size` and encodes it.
    static func paint(_ photo: DemoCatalog.Photo, size: PixelSize) throws -> Data {
        let scene = DemoPhoto(
            path: photo.id, label: photo.title.uppercased(), theme: themes[photo.number % themes.count],
            size: size, format: .jpeg)
        return try ImageEncoder.jpeg(DemoPainter.paint(scene).storedPixels(for: .up), quality: 85)
    }

    private func lookUp(_ key: Key) -> (data: Data, contentType: String)? {
        memo.withLock { memo in
            guard let entry = memo.entries[key] else { return nil }
            memo.tick += 1
            memo.entries[key] = (entry.data, entry.contentType, memo.tick)
            return (entry.data, entry.contentType)
        }
    }

    private func store(_ data: Data, contentType: String, for key: Key) {
        guard data.count <= maximumMemoBytes else { return }
        memo.withLock { memo in
            memo.tick += 1
            if let old = memo.entries.updateValue((data, contentType, memo.tick), forKey: key) { memo.bytes -= old.data.count }
            memo.bytes += data.count
            while memo.bytes > maximumMemoBytes, let oldest = memo.entries.min(by: { $0.value.tick < $1.value.tick }) {
                memo.entries[oldest.key] = nil
                memo.bytes -= oldest.value.data.count
            }
        }
    }
}
