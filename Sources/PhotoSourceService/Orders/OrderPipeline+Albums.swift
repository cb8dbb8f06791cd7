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
    func expandAlbums(of order: OrderRecord) async throws {
        for line in order.items where line.isWholeAlbum && line.state == .pending {
            try Task.checkCancellation()
            do {
                try await expand(line, of: order)
                let photos = try await store.finishAlbumLine(order: order.id, line: line.index, now: Date())
                guard photos > 0 else {
                    throw OrderItemFailure(
                        code: "not-found",
                        message: "The album \(line.scope ?? "") in \(line.source) holds no photos (albums inside it are not included), so the line has nothing to print.")
                }
            } catch let error where error is CancellationError || Self.isRetryable(error) {
                throw error
            } catch {
                try await store.recordItem(order: order.id, index: line.index, outcome: .failure(Self.failure(error)), now: Date())
            }
        }
    }

    /// Lists one whole-album line's album to its end through the order's session, adding every
    /// page's photos as lines.
    private func expand(_ line: OrderRecord.Item, of order: OrderRecord) async throws {
        let dependencies = dependencies
        let store = store
        let scopeID = line.scope ?? ""
        try await dependencies.withSource(line.source, session: order.session ?? "", forOrder: true) { entry in
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
                    _ = try await store.addAlbumLines(order: order.id, line: line.index, itemIDs: photos, now: Date())
                }
                guard listed.hasMore else { return }
                page += 1
            }
        }
    }
}
