import Foundation
import PhotoSourceKit

extension OrderPipeline {
    /// The most photos one listing call asks a source for while a whole album is listed (a
    /// source's own maximum page size is smaller when it says so).
    static let albumPageSize = 100

    /// Lists each pending whole-album line of `order` into lines of its photos, page by page,
    /// each page recorded before the next is asked for (``OrderStore/addAlbumLines(order:line:itemIDs:now:)``:
    /// a photo is added once however often its page is listed, so a job run again after a crash
    /// neither loses nor repeats one). Photos only: albums inside the album are not opened.
    ///
    /// A line whose album cannot be listed for good (gone, a sign-in revoked) or lists no photo
    /// fails alone; a retryable error (the source does not answer) is thrown, and the job runs
    /// again later, listing the album from its first page.
    ///
    /// Past ``OrderSettings/maximumPhotos`` photo lines in all, the album line that went over
    /// fails with `too-large`, and so do the photo lines listed from it.
    func expandAlbums(of order: OrderRecord) async throws {
        var photoLines = order.items.filter { !$0.isWholeAlbum }.count
        for line in order.items where line.isWholeAlbum && line.state == .pending {
            try Task.checkCancellation()
            do {
                photoLines = try await expand(line, of: order, photoLines: photoLines)
                let photos = try await store.finishAlbumLine(order: order.id, line: line.index, now: Date())
                guard photos > 0 else {
                    throw OrderItemFailure(
                        code: "not-found",
                        message: "The album \(line.scope ?? "") in \(line.source) holds no photos (albums inside it are not included), so the line has nothing to print.")
                }
            } catch let error where error is CancellationError || Self.isRetryable(error) {
                throw error
            } catch let failure as OrderItemFailure where failure.code == Self.tooManyPhotos {
                try await failListed(from: line, of: order, failure)
            } catch {
                try await store.recordItem(order: order.id, index: line.index, outcome: .failure(Self.failure(error)), now: Date())
            }
        }
    }

    /// The code of an album line that takes its order past ``OrderSettings/maximumPhotos``.
    static let tooManyPhotos = "too-large"

    /// Fails the album line `line` and every pending photo line listed from it with `failure`
    /// (each once: a job run again after a crash fails the ones left).
    private func failListed(from line: OrderRecord.Item, of order: OrderRecord, _ failure: OrderItemFailure) async throws {
        let listed = try await store.order(id: order.id)?.items.filter { $0.expandedFrom == line.index && $0.state == .pending } ?? []
        for photo in listed {
            try await store.recordItem(order: order.id, index: photo.index, outcome: .failure(failure), now: Date())
        }
        try await store.recordItem(order: order.id, index: line.index, outcome: .failure(failure), now: Date())
    }

    /// Lists one whole-album line's album to its end through the order's session, adding every
    /// page's photos as lines. Returns the order's photo lines then (`photoLines` before); going
    /// past the maximum throws the ``tooManyPhotos`` failure.
    private func expand(_ line: OrderRecord.Item, of order: OrderRecord, photoLines: Int) async throws -> Int {
        let dependencies = dependencies
        let store = store
        let maximum = settings.maximumPhotos
        let scopeID = line.scope ?? ""
        return try await dependencies.withSource(line.source, session: order.session ?? "", forOrder: true) { entry in
            var total = photoLines
            let scope = try await dependencies.withSourceTimeout { try await entry.scope(scopeID) }
            let count = max(1, min(Self.albumPageSize, entry.source.maximumPageSize))
            var page = 0
            while true {
                try Task.checkCancellation()
                let listed = try await dependencies.withSourceTimeout { [page] in
                    try await entry.source.items(in: scope, page: page, count: count)
                }
                let photos = listed.items.filter { $0.kind == .image }.map(\.id)
                if !photos.isEmpty {
                    total += try await store.addAlbumLines(order: order.id, line: line.index, itemIDs: photos, now: Date())
                    guard total <= maximum else {
                        throw OrderItemFailure(
                            code: Self.tooManyPhotos,
                            message: "The album \(scopeID) in \(line.source) takes the order past \(maximum) photos (orders.maximumPhotos), so none of its photos is printed; order a smaller album, or its photos in several orders.")
                    }
                }
                guard listed.hasMore else { return total }
                page += 1
            }
        }
    }
}
