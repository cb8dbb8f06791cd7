import Foundation
import PhotoSourceKit

/// Reads one session's finished uploads (``UploadFolder``): item ids are the photos' file names.
struct UploadedPhotoDownloader: ImageDownloading {
    /// The session's folder; `nil` for the catalog's own entry, which has no photos.
    let folder: UploadFolder?
    /// The largest photo read (the uploads' own maximum).
    let maximumBytes: Int

    /// The file of the finished photo `itemID`; `.notFound` when there is none.
    func file(_ itemID: String) throws -> URL {
        let parts = itemID.split(separator: ".")
        guard let folder, parts.count == 2, UploadStore.isUploadID(String(parts[0])), ["jpg", "png"].contains(parts[1]) else {
            throw PhotoSourceError(.notFound, "There is no uploaded photo \"\(itemID)\" in this session.")
        }
        return folder.folder.appendingPathComponent(itemID)
    }

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let contents = try FileContents.read(try file(item.id), maximumBytes: maximumBytes, name: item.title)
        return ImageData(bytes: contents.bytes, contentType: nil, validator: contents.version)
    }
}
