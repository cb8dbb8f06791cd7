import PhotoSourceKit

/// Where a person is: `Sample Library:/Travel/Italy [page 2/14]`. Used for the REPL prompt and
/// as the first line of every listing.
struct Location: Sendable, Equatable, CustomStringConvertible {
    /// The source's title.
    var sourceTitle: String
    /// The scope being listed.
    var scope: ItemScope
    /// The zero-based page.
    var page: Int
    /// The number of pages, when the source knows its total.
    var pageCount: Int?

    /// The location a listed page shows.
    init(sourceTitle: String, listed: ItemPage) {
        self.init(sourceTitle: sourceTitle, scope: listed.scope, page: listed.page, pageCount: listed.pageCount)
    }

    /// A location from its parts.
    init(sourceTitle: String, scope: ItemScope, page: Int, pageCount: Int? = nil) {
        self.sourceTitle = sourceTitle
        self.scope = scope
        self.page = page
        self.pageCount = pageCount
    }

    /// Pages are shown 1-based: `[page 2/14]`, or `[page 2]` when the total is unknown.
    var description: String {
        let pages = pageCount.map { "\(page + 1)/\($0)" } ?? "\(page + 1)"
        return TerminalText.escaped("\(sourceTitle):\(scope)") + " [page \(pages)]"
    }

    /// The REPL prompt.
    var prompt: String { "\(self)> " }
}
