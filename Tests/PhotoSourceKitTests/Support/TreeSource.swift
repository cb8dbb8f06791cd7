import Foundation
import PhotoSourceKit
import Synchronization

/// An in-memory folder tree for tests: `folders` maps a container id ("" = root) to its children.
struct TreeSource {
    static let sourceID = "tree"

    /// Builds a tree `depth` levels deep; every folder has `images` photos and one subfolder.
    static func nested(depth: Int, images: Int, sourceID: String = sourceID) -> [String: [DefaultPhotoSourceItem]] {
        var folders: [String: [DefaultPhotoSourceItem]] = [:]
        var parent = ""
        for level in 0...depth {
            var children = (0..<images).map { index in
                DefaultPhotoSourceItem.image(
                    id: "\(parent)/img\(index)", sourceID: sourceID, title: "img\(index)",
                    pixelSize: PixelSize(width: 4000, height: 3000))
            }
            if level < depth {
                let child = "\(parent)/level\(level + 1)"
                children.insert(.container(id: child, sourceID: sourceID, title: "level\(level + 1)"), at: 0)
                folders[parent] = children
                parent = child
            } else {
                folders[parent] = children
            }
        }
        return folders
    }

    /// A source over `folders` with a `.complete` listing.
    static func make(
        _ folders: [String: [DefaultPhotoSourceItem]], id: String = sourceID, title: String = "Tree",
        maximumPageSize: Int = 500, session: AuthSession? = nil
    ) -> DefaultPhotoSource {
        DefaultPhotoSource(
            id: id, title: title, maximumPageSize: maximumPageSize,
            listing: .complete { scope in
                guard let items = folders[scope.containerID ?? ""] else {
                    throw PhotoSourceError(.notFound, "No folder \(scope)")
                }
                return items
            },
            downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data([1, 2, 3])) },
            authSession: session)
    }
}

/// Counts calls from concurrent code.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

extension ItemPage {
    var ids: [String] { items.map(\.id) }
}
