import ArgumentParser
import PhotoSourceKit

extension Root {
    /// `photosource ls SOURCE [SCOPE-ID] [--page N] [--count N] [--json]`: one page, for scripts.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls",
            abstract: "Print one page of a source's items.",
            discussion: """
                Pages are numbered from 1, as in the browse prompt. On page 1 of an album the first \
                entry is the way back (`..`, kind "back"); it does not count toward --count.
                With --json the output is one object: {"source", "scope", "page", "count", \
                "hasMore", "items": [{"id", "kind", "title", "width", "height"}]}, where scope is \
                null at the top and width/height are null when unknown. "count" is the page size \
                used (--count, lowered to the most the source allows), not the number of items: \
                the last page may hold fewer, and page 1 of an album one more (the back entry); \
                count the items array for that.
                """)

        @OptionGroup var source: SourceArgument

        @Argument(help: ArgumentHelp(
            "The album to list; for local sources its path relative to the folder, such as Travel/Italy. The top when omitted.",
            valueName: "scope-id"))
        var scopeID: String?

        // .unconditional: `--page -1` reaches validate() and gets the range, not "Missing value".
        @Option(parsing: .unconditional, help: "The page to print, numbered from 1.")
        var page = 1

        @Option(parsing: .unconditional, help: "Items per page, 1 to 10000 (the source may allow fewer).")
        var count = 50

        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard page >= 1 else { throw ValidationError("--page must be 1 or more (pages are numbered from 1); \(page) is not a page.") }
            guard (1...10_000).contains(count) else { throw ValidationError("--count must be between 1 and 10000; \(count) is not.") }
        }

        func run() async throws {
            let text = try await CommandFailure.reported {
                let resolved = try source.resolve()
                let scope = try await resolved.scope(scopeID ?? "")
                let listed = try await resolved.source.items(in: scope, page: page - 1, count: count)
                // As the REPL's `page`: text output refuses a page past the end; JSON keeps the
                // empty page (hasMore false), which a script paging through reads as the end.
                if !output.json && page > 1 && listed.contentItems.isEmpty {
                    throw PageListing.missingPage(page, pageCount: listed.pageCount)
                }
                if output.json {
                    return try JSONText.encode(ListingReport(sourceID: resolved.source.id, listed: listed))
                }
                return PageListing(sourceTitle: resolved.source.title, page: listed).lines().joined(separator: "\n")
            }
            print(text)
        }
    }
}
