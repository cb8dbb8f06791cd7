import Foundation

/// The opaque paging cursors of the demo API: base64url of `"<listing>|<offset>"`, so a cursor
/// only works for the listing that issued it and cannot point outside it.
enum CloudCursor {
    /// The window of one page and the cursor of the next one.
    struct Window: Equatable {
        let range: Range<Int>
        let nextCursor: String?
    }

    /// Why a cursor was refused.
    struct Invalid: Error {}

    /// The page of `limit` items starting at `cursor` in a listing of `total` items.
    static func window(listing: String, total: Int, cursor: String?, limit: Int) throws(Invalid) -> Window {
        let start = try cursor.map { c throws(Invalid) in try offset(of: c, listing: listing, total: total) } ?? 0
        let end = min(total, start + limit)
        let next = end < total ? encode(listing: listing, offset: end) : nil
        return Window(range: start..<end, nextCursor: next)
    }

    static func encode(listing: String, offset: Int) -> String {
        Data("\(listing)|\(offset)".utf8).base64URLEncoded
    }

    private static func offset(of cursor: String, listing: String, total: Int) throws(Invalid) -> Int {
        guard cursor.count <= 256 else { throw Invalid() }
        guard let data = Data(base64URLEncoded: cursor), let text = String(data: data, encoding: .utf8) else {
            throw Invalid()
        }
        let prefix = listing + "|"
        guard text.hasPrefix(prefix), let offset = Int(text.dropFirst(prefix.count)),
              offset > 0, offset < total
        else { throw Invalid() }
        return offset
    }
}
