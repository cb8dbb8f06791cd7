import Foundation
import PhotoSourceKit

/// An in-memory photo library described as nested folders, served by a `DefaultPhotoSource`
/// with a `.complete` listing; item ids are paths, like a local folder's.
struct SampleTree: Sendable {
    /// A folder: subfolders first, then photos (a `nil` size is a photo whose size is unknown).
    struct Folder: Sendable {
        var name: String
        var folders: [Folder] = []
        var photos: [(name: String, size: PixelSize?)] = []
    }

    let root: Folder

    /// The library most REPL tests browse:
    /// `/Travel/Italy` holds 25 photos (3 pages of 10), `/Travel` holds Italy and 3 photos,
    /// the root holds Travel, Family (empty) and one 6000×4000 photo.
    static let library = SampleTree(root: Folder(
        name: "",
        folders: [
            Folder(
                name: "Travel",
                folders: [Folder(name: "Italy", photos: (1...25).map { ("rome-\($0).jpg", PixelSize(width: 1200, height: 800)) })],
                photos: [("beach-1.jpg", PixelSize(width: 4000, height: 3000)), ("beach-2.jpg", nil), ("beach-3.png", PixelSize(width: 640, height: 480))]),
            Folder(name: "Family"),
        ],
        photos: [("cover.jpg", PixelSize(width: 6000, height: 4000))]))

    /// A source over this tree.
    func source(id: String = "sample", title: String = "Sample Library") -> DefaultPhotoSource {
        let folders = Self.index(root, id: "", sourceID: id)
        return DefaultPhotoSource(
            id: id, title: title,
            listing: .complete { scope in
                guard let items = folders[scope.containerID ?? ""] else {
                    throw PhotoSourceError(.notFound, "The folder \(scope) does not exist.")
                }
                return items
            },
            downloader: ClosureImageDownloader { item, _ in
                throw PhotoSourceError(.notFound, "\(item.id) has no bytes in a test tree.")
            })
    }

    /// A source whose every listing fails with `error`.
    static func failing(_ error: PhotoSourceError, id: String = "broken", title: String = "Broken") -> DefaultPhotoSource {
        DefaultPhotoSource(
            id: id, title: title, listing: .complete { _ in throw error },
            downloader: ClosureImageDownloader { _, _ in throw error })
    }

    /// Container id → items, for every folder below `folder`.
    private static func index(_ folder: Folder, id: String, sourceID: String) -> [String: [any PhotoSourceItem]] {
        func child(_ name: String) -> String { id.isEmpty ? name : id + "/" + name }
        var items: [any PhotoSourceItem] = folder.folders.map {
            DefaultPhotoSourceItem.container(id: child($0.name), sourceID: sourceID, title: $0.name)
        }
        items += folder.photos.map {
            DefaultPhotoSourceItem.image(id: child($0.name), sourceID: sourceID, title: $0.name, pixelSize: $0.size)
        }
        var index = [id: items]
        for sub in folder.folders {
            index.merge(Self.index(sub, id: child(sub.name), sourceID: sourceID)) { first, _ in first }
        }
        return index
    }
}
