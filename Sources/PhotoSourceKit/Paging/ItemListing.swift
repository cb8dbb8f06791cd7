/// The one thing a source author must write: how to list the items of a scope.
///
/// Pick the case that matches the API behind the source; ``DefaultPhotoSource`` does the rest
/// (back items, page numbers, clamping, auth bookkeeping).
public enum ItemListing: Sendable {
    /// Returns every item of the scope at once; pages are cut from it.
    case complete(@Sendable (_ scope: ItemScope) async throws -> [any PhotoSourceItem])
    /// Answers one page of `count` items by zero-based page number.
    case pages(@Sendable (_ scope: ItemScope, _ page: Int, _ count: Int) async throws -> PageSlice)
    /// Answers one batch after `cursor` (`nil` for the first), at most `limit` items.
    case cursor(@Sendable (_ scope: ItemScope, _ cursor: String?, _ limit: Int) async throws -> CursorPage)

    /// The paging support this listing gives.
    public var pagingSupport: PagingSupport {
        switch self {
        case .complete: .emulated
        case .pages: .pages
        case .cursor: .cursor
        }
    }
}

/// What a page-numbered listing returns.
public struct PageSlice: Sendable {
    /// The items of the page (at most the requested count).
    public var items: [any PhotoSourceItem]
    /// Whether a later page has more items.
    public var hasMore: Bool
    /// The total number of items in the scope, when known.
    public var totalCount: Int?

    /// Creates a slice.
    public init(items: [any PhotoSourceItem], hasMore: Bool, totalCount: Int? = nil) {
        self.items = items
        self.hasMore = hasMore
        self.totalCount = totalCount
    }
}

/// What a cursor listing returns.
public struct CursorPage: Sendable {
    /// The items of the batch.
    public var items: [any PhotoSourceItem]
    /// The cursor of the next batch, `nil` at the end.
    public var nextCursor: String?

    /// Creates a batch.
    public init(items: [any PhotoSourceItem], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
