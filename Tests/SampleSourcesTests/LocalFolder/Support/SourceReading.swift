import PhotoSourceKit

/// Every item of `scope`, page after page, without back items.
func allItems(of source: any PhotoSource, in scope: ItemScope = .root, pageSize: Int = 7) async throws -> [any PhotoSourceItem] {
    var items: [any PhotoSourceItem] = []
    var page = 0
    while true {
        let listed = try await source.items(in: scope, page: page, count: pageSize)
        items += listed.contentItems
        guard listed.hasMore else { return items }
        page += 1
    }
}

/// The ids of every item of `scope`, in listing order.
func allIDs(of source: any PhotoSource, in scope: ItemScope = .root) async throws -> [String] {
    try await allItems(of: source, in: scope).map(\.id)
}

/// The scope of the folder `id` opened from the root (titles do not matter to the source).
func folderScope(_ id: String) -> ItemScope {
    ItemScope.root.appending(id: id, title: id)
}

/// The code of the ``PhotoSourceError`` `body` throws, or `nil` when it throws nothing or another error.
func errorCode(_ body: () async throws -> Void) async -> PhotoSourceError.Code? {
    do {
        try await body()
        return nil
    } catch let error as PhotoSourceError {
        return error.code
    } catch {
        return nil
    }
}

/// An image item with `id` that the listing did not produce (a forged or stale id).
func forgedImage(_ id: String, of source: any PhotoSource) -> DefaultPhotoSourceItem {
    DefaultPhotoSourceItem.image(id: id, sourceID: source.id, title: id)
}

/// The error code of downloading the photo `id` from `source`.
func downloadErrorCode(_ id: String, from source: any PhotoSource) async -> PhotoSourceError.Code? {
    await errorCode { _ = try await source.downloader.download(forgedImage(id, of: source), from: source, variant: .full) }
}
