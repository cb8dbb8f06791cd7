import Foundation
import PhotoSourceKit

extension ServiceSource {
    /// The id of the per-session "Uploads" source (the configuration's `uploads` entry).
    public static let uploadsID = "uploads"

    /// The "Uploads" source: each session sees only the photos it uploaded through `/v1/uploads`
    /// and finished, newest first, in one flat scope. Item ids are the finished files' names
    /// (`<upload id>.jpg`), titles the `filename` the client gave; originals are the files, so
    /// thumbnails, originals and orders work as for a folder source.
    public static func uploads(_ store: UploadStore) -> ServiceSource {
        var entry = finishedPhotos(store, id: uploadsID, title: "Uploads", owner: nil)
        entry.perSession = { session in finishedPhotos(store, id: uploadsID, title: "Uploads", owner: session) }
        return entry
    }

    /// A source over the finished photos of one folder of `store` (`owner`'s): newest first, in
    /// one flat scope, item ids the files' names, titles the records' `filename`. `nil` makes
    /// the entry the catalog lists (empty).
    static func finishedPhotos(_ store: UploadStore, id: String, title: String, owner: String?) -> ServiceSource {
        let folder = owner.map { store.folder(session: $0) }
        @Sendable func records() async throws -> [UploadRecord] {
            guard let owner else { return [] }
            return try await store.finished(session: owner)
        }
        @Sendable func item(_ record: UploadRecord) -> any PhotoSourceItem {
            let size = record.width.flatMap { width in record.height.map { PixelSize(width: width, height: $0) } }
            return DefaultPhotoSourceItem.image(
                id: record.photoFileName, sourceID: id, title: record.filename ?? record.photoFileName, pixelSize: size)
        }
        let downloader = UploadedPhotoDownloader(folder: folder, maximumBytes: store.settings.maximumBytes)
        let source = DefaultPhotoSource(
            id: id, title: title, listing: .complete { scope in
                guard scope.isRoot else { return [] }
                return try await records().map(item)
            }, downloader: downloader)
        return ServiceSource(
            id: id, source: source, requiresSignIn: false,
            scope: { scopeID in
                guard scopeID.isEmpty else { throw PhotoSourceError(.notFound, "\(title) has no albums; list it without a scope.") }
                return .root
            },
            item: { itemID in
                guard let found = try await records().first(where: { $0.photoFileName == itemID }) else {
                    throw PhotoSourceError(.notFound, "There is no photo \"\(itemID)\" in \(title).")
                }
                return item(found)
            },
            originalFile: { itemID in try downloader.file(itemID) })
    }
}
