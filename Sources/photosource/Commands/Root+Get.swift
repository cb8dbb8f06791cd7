import ArgumentParser
import Foundation
import PhotoSourceKit

extension Root {
    /// `photosource get SOURCE ITEM-ID --out FILE`: one original, saved atomically.
    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save an item's original (for local sources, a copy of the file).",
            discussion: """
                The file appears only when the whole original arrived: a failed or interrupted \
                download leaves no partial file. An existing FILE is refused (and left untouched) \
                unless --force is given. On a terminal a progress bar is drawn on standard error. The \
                last line printed names the file and its size.
                """)

        @OptionGroup var source: SourceArgument

        @Argument(help: ArgumentHelp("The photo's id (see ls --json).", valueName: "item-id"))
        var itemID: String

        @OptionGroup var output: OutputFileArguments

        func run() async throws {
            let line = try await CommandFailure.reported {
                let file = try output.file()
                let resolved = try source.resolve()
                let item = try await Self.photo(itemID, in: resolved)
                let bar = ProgressBar(label: item.title)
                defer { bar.finish() }
                if let saveOriginal = resolved.saveOriginal {
                    try await saveOriginal(item, file) { received, expected in bar.update(received: received, expected: expected) }
                } else {
                    let data = try await resolved.source.downloader.download(item, from: resolved.source, variant: .full).bytes
                    try AtomicFile.write(data, to: file)
                    bar.update(received: Int64(data.count), expected: Int64(data.count))
                }
                return try Self.savedLine(file)
            }
            print(line)
        }

        /// The photo with `id`. An album's id is refused as an album, also where the source looks
        /// ids up as photos only (a cloud answers 404 for an album's id; listing the album tells).
        static func photo(_ id: String, in resolved: ResolvedSource) async throws -> any PhotoSourceItem {
            let item: any PhotoSourceItem
            do {
                item = try await resolved.item(id)
            } catch let error as PhotoSourceError where error.code == .notFound {
                guard let scope = try? await resolved.scope(id), (try? await resolved.source.items(in: scope, page: 0, count: 1)) != nil else {
                    throw error
                }
                throw albumError(TerminalText.escaped(id))
            }
            guard item.kind == .image else { throw albumError(item.title) }
            return item
        }

        private static func albumError(_ name: String) -> PhotoSourceError {
            PhotoSourceError(.invalidData, "\(name) is an album, not a photo; give a photo's id (ls --json lists them).")
        }

        /// `Saved FILE (N bytes).`
        static func savedLine(_ file: URL) throws -> String {
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            return "Saved \(TerminalText.escaped(file.path)) (\(size) bytes)."
        }
    }

    /// `photosource fetch URL --out FILE`: one URL under the address policy.
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download one URL to a file, under the address policy and size limits.",
            discussion: """
                Only public addresses may be reached, plus the origins given with --allow-origin \
                or PHOTOSOURCE_ALLOW_ORIGINS; a refused URL is never connected to. A refusal or a \
                failure is one line on standard error, exit status 1, and no file. An existing FILE \
                is refused (and left untouched) unless --force is given.
                """)

        @Argument(help: ArgumentHelp("The http or https URL.", valueName: "url"))
        var url: String

        @OptionGroup var output: OutputFileArguments

        @OptionGroup var network: NetworkOptions

        func validate() throws {
            guard let parsed = URL(string: url), parsed.scheme != nil else {
                throw ValidationError("\"\(url)\" is not a URL; give one like https://example.com/photo.jpg.")
            }
        }

        func run() async throws {
            let line = try await CommandFailure.reported {
                let file = try output.file()
                let bar = ProgressBar(label: file.lastPathComponent)
                defer { bar.finish() }
                try await URLFetcher(policy: try network.settings().addressPolicy()).fetch(URL(string: url)!, to: file) {
                    bar.update(received: $0, expected: $1)
                }
                return try Get.savedLine(file)
            }
            print(line)
        }
    }
}
