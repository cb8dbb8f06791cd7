/// Turns a cursor API into page numbers.
///
/// The book remembers, per scope and page size, the cursor that starts each page it has seen.
/// Asking for page *k* it has not seen walks forward once from the furthest page it knows,
/// remembering every cursor on the way, so a later request for any page up to *k* costs one call.
/// A page past the end is an empty page with `hasMore == false`, not an error.
public actor CursorBook {
    /// Fetches one batch after `cursor` (`nil` for the first), at most `limit` items.
    public typealias Fetch = @Sendable (_ scope: ItemScope, _ cursor: String?, _ limit: Int) async throws -> CursorPage

    private struct Key: Hashable {
        let scope: ItemScope
        let limit: Int
    }

    private struct Chapter {
        /// `cursors[k]` starts page k; `cursors[0]` is `nil` (the first batch).
        var cursors: [String?] = [nil]
        /// The last page, once a batch came back without a next cursor.
        var lastPage: Int?
    }

    private let fetch: Fetch
    private let maximumScopes: Int
    private var chapters: [Key: Chapter] = [:]
    private var order: [Key] = []

    /// The number of fetches made so far (for tests and diagnostics).
    public private(set) var fetchCount = 0

    /// Creates a book over `fetch`, remembering at most `maximumScopes` scopes.
    public init(maximumScopes: Int = 256, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.maximumScopes = max(1, maximumScopes)
    }

    /// Returns page `page` of `scope` with `limit` items per page.
    ///
    /// A page is filled from as many batches as it takes: a server that caps its batches below
    /// `limit` is called again (for the rest) until the page holds `limit` items or the listing
    /// ends, so page *k* always starts at item *k* × `limit`.
    public func page(_ page: Int, of scope: ItemScope, limit: Int) async throws -> PageSlice {
        precondition(page >= 0 && limit > 0, "page must be >= 0 and limit > 0")
        let key = Key(scope: scope, limit: limit)
        var chapter = chapters[key] ?? Chapter()
        touch(key)

        if let last = chapter.lastPage, page > last {
            return PageSlice(items: [], hasMore: false)
        }
        var current = min(page, chapter.cursors.count - 1)
        while true {
            let (items, next) = try await fill(scope, from: chapter.cursors[current], limit: limit)
            chapter = chapters[key] ?? chapter  // another caller may have walked meanwhile
            if let next {
                if chapter.cursors.count == current + 1 { chapter.cursors.append(next) }
            } else {
                chapter.lastPage = current
            }
            chapters[key] = chapter
            if current == page {
                return PageSlice(items: items, hasMore: next != nil)
            }
            guard next != nil else { return PageSlice(items: [], hasMore: false) }
            current += 1
        }
    }

    /// Calls the cursor until `limit` items came back or the listing ended; returns them and the
    /// cursor after the last one (`nil` at the end).
    private func fill(_ scope: ItemScope, from cursor: String?, limit: Int) async throws -> ([any PhotoSourceItem], String?) {
        var items: [any PhotoSourceItem] = []
        var cursor = cursor
        var emptyBatches = 0
        repeat {
            fetchCount += 1
            let batch = try await fetch(scope, cursor, limit - items.count)
            items += batch.items
            emptyBatches = batch.items.isEmpty ? emptyBatches + 1 : 0
            if batch.nextCursor != nil, batch.nextCursor == cursor, batch.items.isEmpty {
                throw PhotoSourceError(
                    .invalidData, "Listing \(scope) returned an empty batch whose next cursor is the one it was asked for; it would never end.")
            }
            guard emptyBatches < Self.maximumEmptyBatches else {
                throw PhotoSourceError(
                    .invalidData, "Listing \(scope) returned \(emptyBatches) empty batches in a row, each with a next cursor; giving up.")
            }
            cursor = batch.nextCursor
        } while items.count < limit && cursor != nil
        return (items, cursor)
    }

    /// How many empty batches in a row (each with a next cursor) a page may take before the book
    /// gives up: some services skip filtered-out entries that way, but not forever.
    static let maximumEmptyBatches = 16

    /// Forgets every cursor of `scope` (for example after the server said a cursor expired).
    public func invalidate(_ scope: ItemScope) {
        for key in chapters.keys where key.scope == scope { chapters[key] = nil }
        order.removeAll { $0.scope == scope }
    }

    /// Forgets everything.
    public func removeAll() {
        chapters.removeAll()
        order.removeAll()
    }

    /// How many pages of `scope` the book can reach without walking.
    public func knownPageCount(of scope: ItemScope, limit: Int) -> Int {
        chapters[Key(scope: scope, limit: limit)]?.cursors.count ?? 1
    }

    private func touch(_ key: Key) {
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
        order.append(key)
        while order.count > maximumScopes {
            chapters[order.removeFirst()] = nil
        }
    }
}
