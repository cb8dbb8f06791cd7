import PhotoSourceKit
import Synchronization

/// A downloader that remembers which items it was asked for.
final class DownloadCounter: ImageDownloading {
    private let base: any ImageDownloading
    private let seen = Mutex<[String]>([])

    init(base: any ImageDownloading) {
        self.base = base
    }

    /// The ids downloaded, in order, with repeats.
    var itemIDs: [String] { seen.withLock { $0 } }

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        seen.withLock { $0.append(item.id) }
        return try await base.download(item, from: source, variant: variant)
    }
}
