/// One page of a listing.
public struct ItemPage: Sendable {
    /// The scope that was listed.
    public let scope: ItemScope
    /// The zero-based page number.
    public let page: Int
    /// The page size used (the requested count, clamped to the source's maximum page size).
    public let count: Int
    /// The items: on page 0 of a non-root scope the first one is the back item,
    /// which does not count toward ``count``.
    public let items: [any PhotoSourceItem]
    /// Whether a later page has more items.
    public let hasMore: Bool
    /// The total number of items in the scope, when the source knows it cheaply.
    public let totalCount: Int?

    /// Creates a page.
    public init(
        scope: ItemScope, page: Int, count: Int, items: [any PhotoSourceItem], hasMore: Bool,
        totalCount: Int? = nil
    ) {
        self.scope = scope
        self.page = page
        self.count = count
        self.items = items
        self.hasMore = hasMore
        self.totalCount = totalCount
    }

    /// The items without the back item.
    public var contentItems: [any PhotoSourceItem] { items.filter { $0.kind != .back } }

    /// The number of pages when ``totalCount`` is known.
    public var pageCount: Int? {
        guard let totalCount, count > 0 else { return nil }
        return max(1, (totalCount + count - 1) / count)
    }
}
