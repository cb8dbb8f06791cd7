import PhotoSourceKit

/// The demo cloud's content: albums and photos computed from the configuration, never stored.
///
/// Album ids are `album-<n>`, photo ids `photo-<album>-<n>` (1-based, canonical decimal), so a
/// photo is found from its id alone and its pixel size comes without rendering anything.
struct DemoCatalog: Sendable {
    /// One album.
    struct Album: Sendable, Hashable {
        let number: Int
        let title: String
        let photoCount: Int
        var id: String { "album-\(number)" }
    }

    /// One photo.
    struct Photo: Sendable, Hashable {
        let albumNumber: Int
        let number: Int
        let albumTitle: String
        let pixelSize: PixelSize
        /// The zero-based position of the photo's file in ``DemoCatalog/folder``; `nil` for a drawn photo.
        let fileIndex: Int?
        var id: String { "photo-\(albumNumber)-\(number)" }
        var albumID: String { "album-\(albumNumber)" }
        var title: String { "\(albumTitle) \(String(number).leftPadded(to: 4))" }
    }

    let albums: [Album]
    /// The files served instead of drawn photos, when the configuration names a folder.
    let folder: FolderPhotos?
    private let sizes: [PixelSize]

    /// The catalog the configuration describes.
    ///
    /// - Throws: when ``DemoCloud/Configuration/photoFolder`` cannot be listed.
    init(configuration: DemoCloud.Configuration) throws {
        if let url = configuration.photoFolder {
            let folder = try FolderPhotos(folder: url)
            self.folder = folder
            albums = [Album(number: 1, title: folder.title, photoCount: folder.files.count)]
        } else {
            folder = nil
            albums = configuration.albums.enumerated().map { offset, album in
                Album(number: offset + 1, title: album.title, photoCount: album.photoCount)
            }
        }
        sizes = configuration.photoSizes
    }

    /// The album with `id`, or `nil`.
    func album(id: String) -> Album? {
        guard let numbers = Self.numbers(in: id, prefix: "album-", count: 1) else { return nil }
        return album(number: numbers[0])
    }

    /// The photo with `id`, or `nil`.
    func photo(id: String) -> Photo? {
        guard let numbers = Self.numbers(in: id, prefix: "photo-", count: 2),
              let album = album(number: numbers[0]), numbers[1] <= album.photoCount
        else { return nil }
        return photo(number: numbers[1], in: album)
    }

    /// The photos of `album` at zero-based positions `range`.
    func photos(in album: Album, range: Range<Int>) -> [Photo] {
        range.map { photo(number: $0 + 1, in: album) }
    }

    private func album(number: Int) -> Album? {
        albums.indices.contains(number - 1) ? albums[number - 1] : nil
    }

    private func photo(number: Int, in album: Album) -> Photo {
        if let folder {
            return Photo(
                albumNumber: album.number, number: number, albumTitle: album.title,
                pixelSize: folder.files[number - 1].pixelSize, fileIndex: number - 1)
        }
        let size = sizes[(album.number &* 7 &+ number) % sizes.count]
        return Photo(albumNumber: album.number, number: number, albumTitle: album.title, pixelSize: size, fileIndex: nil)
    }

    /// Parses `prefix` followed by `count` dash-separated canonical positive integers.
    private static func numbers(in id: String, prefix: String, count: Int) -> [Int]? {
        guard id.hasPrefix(prefix) else { return nil }
        let parts = id.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard part.count <= 9, let value = Int(part), value > 0, String(value) == part else { return nil }
            numbers.append(value)
        }
        return numbers
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
