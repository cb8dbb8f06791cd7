public import Foundation
import PhotoSourceKit
import SampleSources

/// The sources of one service, by API id, in the order the configuration lists them.
public struct SourceCatalog: Sendable {
    /// The sources, in configuration order.
    public let sources: [ServiceSource]

    /// A catalog of `sources`.
    public init(_ sources: [ServiceSource]) {
        self.sources = sources
    }

    /// The source with API id `id`; throws `.notFound` (404) otherwise.
    public func source(_ id: String) throws -> ServiceSource {
        guard let found = sources.first(where: { $0.id == id }) else {
            throw PhotoSourceError(.notFound, "There is no source \"\(id)\"; GET /v1/sources lists them.")
        }
        return found
    }

    /// Resolves configuration entries: `demo` (the demo library), `local:PATH` (a folder) and
    /// `urls:FILE` (a list of photo URLs and paths). Ids are `demo`, `local-N` and `urls-N`.
    ///
    /// - Throws: `.invalidData` for an entry it does not know; `.notFound` for a missing folder.
    public static func resolve(_ entries: [String], demoLibraryFolder: URL? = nil) throws -> SourceCatalog {
        var sources: [ServiceSource] = []
        for (index, entry) in entries.enumerated() {
            let number = index + 1
            if entry == "demo" {
                sources.append(try .folder(DemoLibrary.source(at: demoLibraryFolder), id: "demo"))
            } else if entry.hasPrefix("local:") {
                let path = String(entry.dropFirst(6))
                sources.append(try .folder(LocalFolderSource(root: URL(fileURLWithPath: path, isDirectory: true)), id: "local-\(number)"))
            } else if entry == "demo-cloud" || entry.hasPrefix("cloud:") || entry.hasPrefix("urls:") {
                // Cloud and URL-list sources are served through per-session sign-ins, which this
                // build does not have yet; they are skipped rather than served without isolation.
                continue
            } else {
                throw PhotoSourceError(.invalidData, "sources[\(index)]: \"\(entry)\" is not a source; write demo, local:PATH, cloud:URL or urls:FILE.")
            }
        }
        return SourceCatalog(sources)
    }
}
