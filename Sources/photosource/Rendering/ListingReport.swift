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
    /// The page size used (the requested count, clamped to the source's maximum), not the number
    /// of items: the last page may hold fewer, page 1 of an album one more (the back item).
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

/// JSON text in the CLI's one format: one line, sorted keys, slashes unescaped, and every
/// character ``TerminalText`` escapes written as `\u00XX`: `JSONEncoder` escapes only C0, so a
/// name's DEL or C1 characters (U+009B is a one-byte CSI) would reach a terminal running `jq`.
enum JSONText {
    /// Encodes `value`.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        guard text.unicodeScalars.contains(where: TerminalText.needsEscape) else { return text }
        // Outside strings JSON is plain ASCII, so any such character is inside a string.
        var escaped = ""
        for scalar in text.unicodeScalars {
            if TerminalText.needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
