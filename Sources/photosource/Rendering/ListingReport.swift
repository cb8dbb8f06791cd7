import Foundation
import PhotoSourceKit

/// One page as the single JSON object `photosource ls --json` prints:
/// `{"source", "scope", "page", "count", "hasMore", "items"}`, keys sorted.
struct ListingReport: Sendable, Encodable {
    /// The source's id.
    let source: String
    /// The listed container's id, `null` at the root.
    @EncodedAsNull var scope: String?
    /// The page, numbered from 1 as on the command line.
    let page: Int
    /// The page size used (the requested count, clamped to the source's maximum).
    let count: Int
    /// Whether a later page has more items.
    let hasMore: Bool
    /// The items, the back item included on page 1 of a non-root scope.
    let items: [ItemSummary]

    /// The report of `listed`, a page of the source `sourceID`.
    init(sourceID: String, listed: ItemPage) {
        source = sourceID
        scope = listed.scope.containerID
        page = listed.page + 1
        count = listed.count
        hasMore = listed.hasMore
        items = listed.items.map(ItemSummary.init)
    }
}

/// JSON text in the CLI's one format: one line, sorted keys, slashes unescaped.
enum JSONText {
    /// Encodes `value`.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
