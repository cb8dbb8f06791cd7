import ArgumentParser
import PhotoSourceKit

extension Root {
    /// `photosource info SOURCE ITEM-ID [--json]`: the REPL's `info`, for scripts.
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one item: id, kind, title, pixel size and print fitness at common sizes.",
            discussion: """
                With --json the output is one object: {"source", "id", "kind", "title", "width", \
                "height", "publicURL", "printFitness": [{"printSize", "effectiveDPI", "verdict"}]}.
                """)

        @OptionGroup var source: SourceArgument

        @Argument(help: ArgumentHelp("The item's id; for local sources its path, such as Travel/Italy/rome.jpg.", valueName: "item-id"))
        var itemID: String

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let text = try await CommandFailure.reported {
                let resolved = try source.resolve()
                let report = ItemReport(item: try await resolved.item(itemID), sourceID: resolved.source.id)
                return output.json ? try JSONText.encode(report) : report.lines().joined(separator: "\n")
            }
            print(text)
        }
    }
}
