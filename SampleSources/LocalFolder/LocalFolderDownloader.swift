import Foundation
import PhotoSourceKit

/// Reads the photos of a ``LocalFolderSource`` (ids checked by its ``FolderLister``) and tells
/// their current version with a `stat`, so the thumbnail cache never serves the thumbnail of a
/// replaced file, in this process or a later one.
struct LocalFolderDownloader: ImageDownloading, ImageValidating, OriginalFileDownloading {
    let lister: FolderLister
    let files: FileImageDownloader

    init(lister: FolderLister) {
        self.lister = lister
        self.files = FileImageDownloader(resolver: lister.resolver)
    }

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let (lister, files) = (lister, files)
        return try await BlockingIO.run { try files.read(lister.imageFile(for: item.id), name: item.id) }
    }

    /// Copies the photo's file into `file` (``FileImageDownloader/copy(_:name:to:)``), off the cooperative pool.
    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        let (lister, files) = (lister, files)
        return try await BlockingIO.run { try files.copy(lister.imageFile(for: item.id), name: item.id, to: file) }
    }

    /// Modification time, size and inode of the photo's file (``FileImageDownloader``'s validator).
    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        let (lister, files) = (lister, files)
        return try await BlockingIO.run { try files.currentValidator(of: lister.imageFile(for: item.id), name: item.id) }
    }
}
