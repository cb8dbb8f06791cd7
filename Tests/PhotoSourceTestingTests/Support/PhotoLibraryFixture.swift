import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting

/// A small photo library in memory: folders by container id ("" is the root) holding items,
/// and the encoded bytes of every photo. Built in code; every photo is a real JPEG.
struct PhotoLibraryFixture: Sendable {
    static let sourceID = "memory"

    var folders: [String: [DefaultPhotoSourceItem]] = [:]
    var originals: [String: Data] = [:]

    /// The root holds two albums and four photos; "travel" holds a nested album ("travel/italy",
    /// two levels deep) and seven photos; "family" holds a photo stored sideways (EXIF 6).
    static func standard(sourceID: String = sourceID) throws -> PhotoLibraryFixture {
        var library = PhotoLibraryFixture()
        try library.addFolder("", sourceID: sourceID, albums: ["travel", "family"], photos: 4)
        try library.addFolder("travel", sourceID: sourceID, albums: ["travel/italy"], photos: 7)
        try library.addFolder("travel/italy", sourceID: sourceID, albums: [], photos: 4)
        try library.addFolder("family", sourceID: sourceID, albums: [], photos: 1)
        try library.addPhoto(in: "family", id: "family/sideways", sourceID: sourceID, stored: (12, 8), orientation: .right)
        return library
    }

    /// Adds a folder with `albums` (ids of subfolders) followed by `photos` generated photos.
    mutating func addFolder(_ id: String, sourceID: String, albums: [String], photos: Int) throws {
        folders[id, default: []] += albums.map { .container(id: $0, sourceID: sourceID, title: $0.split(separator: "/").last.map(String.init) ?? $0) }
        for index in 0..<photos {
            let photoID = (id.isEmpty ? "" : id + "/") + "photo\(index)"
            try addPhoto(in: id, id: photoID, sourceID: sourceID, stored: (16 + index, 10 + index % 3), orientation: .up)
        }
    }

    /// Adds one JPEG photo stored `stored` pixels large with `orientation`, advertising its upright size.
    mutating func addPhoto(
        in folder: String, id: String, sourceID: String, stored: (width: Int, height: Int), orientation: ExifOrientation
    ) throws {
        let pixels = PixelBuffer(
            width: stored.width, height: stored.height, channels: 3,
            pixels: (0..<(stored.width * stored.height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ id.count) })
        originals[id] = try ImageEncoder.jpeg(pixels, quality: 90, orientation: orientation)
        let size = PixelSize(width: stored.width, height: stored.height)
        folders[folder, default: []].append(
            .image(id: id, sourceID: sourceID, title: id, pixelSize: orientation.swapsDimensions ? size.transposed : size))
    }

    /// The items of a scope, or `.notFound`.
    func items(in scope: ItemScope) throws -> [DefaultPhotoSourceItem] {
        guard let items = folders[scope.containerID ?? ""] else {
            throw PhotoSourceError(.notFound, "There is no folder \(scope).")
        }
        return items
    }

    /// A downloader serving `originals` for both variants.
    var downloader: ClosureImageDownloader {
        let originals = originals
        return ClosureImageDownloader { item, _ in
            guard let bytes = originals[item.title] else {
                throw PhotoSourceError(.notFound, "There is no photo \(item.id).")
            }
            return ImageData(bytes: bytes, contentType: "image/jpeg", validator: "v1-\(item.id)")
        }
    }
}
