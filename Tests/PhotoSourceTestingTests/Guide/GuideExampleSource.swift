import Foundation
import PhotoSourceKit

/// One photo as the Shoebox service stores it.
struct ShoeboxPhoto: Sendable {
    let id: String
    let size: PixelSize
    let etag: String
    let jpeg: Data
}

/// The service behind the source: albums of photos, listed in batches after an opaque cursor.
struct ShoeboxAPI: Sendable {
    var albums: [(name: String, photos: [ShoeboxPhoto])]

    /// At most `limit` of `all` after `cursor`, and the cursor of the rest (`nil` at the end).
    func batch<T>(_ all: [T], after cursor: String?, limit: Int) -> (items: ArraySlice<T>, next: String?) {
        let start = min(all.count, Int(cursor ?? "0") ?? 0)
        let end = min(all.count, start + limit)
        return (all[start..<end], end < all.count ? String(end) : nil)
    }

    /// The photos of an album, or `.notFound`.
    func photos(in album: String) throws -> [ShoeboxPhoto] {
        guard let match = albums.first(where: { $0.name == album }) else {
            throw PhotoSourceError(.notFound, "The album \"\(album)\" does not exist (any more).")
        }
        return match.photos
    }

    /// One photo by id, or `.notFound`.
    func photo(id: String) throws -> ShoeboxPhoto {
        guard let photo = albums.lazy.flatMap(\.photos).first(where: { $0.id == id }) else {
            throw PhotoSourceError(.notFound, "The photo \(id) does not exist (any more).")
        }
        return photo
    }
}

/// Shoebox as a photo source: albums at the root, photos inside, paged with the service's cursors.
struct ShoeboxSource: PhotoSourceWrapper {
    static let sourceID = "shoebox"
    let base: DefaultPhotoSource

    /// The source as an app builds it.
    init(api: ShoeboxAPI) {
        self.init(listing: Self.listing(api), downloader: Self.downloader(api))
    }

    /// The source from its two parts (tests wrap them to inject faults).
    init(listing: ItemListing, downloader: any ImageDownloading) {
        base = DefaultPhotoSource(
            id: Self.sourceID, title: "Shoebox", maximumPageSize: 100, listing: listing, downloader: downloader)
    }

    /// How to list a scope: the root lists albums, an album lists its photos.
    static func listing(_ api: ShoeboxAPI) -> ItemListing {
        .cursor { scope, cursor, limit in
            guard let album = scope.containerID else {
                let (names, next) = api.batch(api.albums.map(\.name), after: cursor, limit: limit)
                let albums = names.map { DefaultPhotoSourceItem.container(id: $0, sourceID: sourceID, title: $0) }
                return CursorPage(items: albums, nextCursor: next)
            }
            let (photos, next) = api.batch(try api.photos(in: album), after: cursor, limit: limit)
            let items = photos.map { photo in
                DefaultPhotoSourceItem.image(id: photo.id, sourceID: sourceID, title: photo.id, pixelSize: photo.size)
            }
            return CursorPage(items: items, nextCursor: next)
        }
    }

    /// How to fetch bytes: Shoebox has no thumbnails, so both variants are the original.
    static func downloader(_ api: ShoeboxAPI) -> ClosureImageDownloader {
        ClosureImageDownloader { item, _ in
            let photo = try api.photo(id: item.id)
            return ImageData(bytes: photo.jpeg, contentType: "image/jpeg", validator: photo.etag)
        }
    }
}
