public import Foundation
import PhotoSourceKit
import SampleSources

/// The sources of one service, by API id, in the order the configuration lists them.
public struct SourceCatalog: Sendable {
    /// The sources, in configuration order.
    public let sources: [ServiceSource]
    /// Entries of `urls:` lists that were refused (the address policy, the file rules) and are
    /// listed as not allowed instead of stopping the service: one sentence each, naming the
    /// source and the line, for the operator's log.
    public let refusedEntries: [String]

    /// A catalog of `sources`.
    public init(_ sources: [ServiceSource], refusedEntries: [String] = []) {
        self.sources = sources
        self.refusedEntries = refusedEntries
    }

    /// The source with API id `id`; throws `.notFound` (404) otherwise.
    public func source(_ id: String) throws -> ServiceSource {
        guard let found = sources.first(where: { $0.id == id }) else {
            throw PhotoSourceError(.notFound, "There is no source \"\(id)\"; GET /v1/sources lists them.")
        }
        return found
    }

    /// The id of the source configuration entry `entry` (at `index`, from 0) makes when it is one
    /// customers sign in to (`demo-cloud`, `cloud-N`), else `nil`.
    static func signInSourceID(ofEntry entry: String, at index: Int) -> String? {
        entry == "demo-cloud" ? "demo-cloud" : entry.hasPrefix("cloud:") ? "cloud-\(index + 1)" : nil
    }

    /// Resolves configuration entries: `demo` (the demo library), `local:PATH` (a folder),
    /// `cloud:URL` (a demo-cloud-compatible API each customer signs in to), `demo-cloud` (the
    /// in-process demo cloud at `demoCloud`) and `urls:FILE` (a list of photo URLs and file
    /// paths, one per line; URLs must be public or on one of `allowedSourceOrigins`) and `uploads`
    /// (each session's own uploads, in `uploads`' folder) and `received` (the photos handlers
    /// sent back after a hand-off, per customer, in `received`' folder). Ids are
    /// `demo`, `local-N`, `cloud-N`, `demo-cloud`, `uploads`, `received` and `urls-N` (N: the entry's place, from 1).
    /// Cloud sources sign in with the flow `signInFlows` names for their id (authorization code
    /// when it names none).
    ///
    /// A `urls:` list line the address policy or the file rules refuse does not stop the
    /// service: it is listed in its place as not allowed (never fetched) and named in
    /// ``refusedEntries``.
    ///
    /// - Throws: `.invalidData` for an entry it does not know or a malformed list line;
    ///   `.notFound` for a missing folder or list.
    public static func resolve(
        _ entries: [String], demoLibraryFolder: URL? = nil, demoCloud: URL? = nil, allowedSourceOrigins: [String] = [],
        signInFlows: [String: CloudSignIn.Flow] = [:], uploads: UploadStore? = nil,
        received: ReceivedPhotos? = nil
    ) throws -> SourceCatalog {
        var sources: [ServiceSource] = []
        var refused: [String] = []
        for (index, entry) in entries.enumerated() {
            let number = index + 1
            if entry == "demo" {
                sources.append(try .folder(DemoLibrary.source(at: demoLibraryFolder), id: "demo"))
            } else if entry.hasPrefix("local:") {
                let path = String(entry.dropFirst(6))
                sources.append(try .folder(LocalFolderSource(root: URL(fileURLWithPath: path, isDirectory: true)), id: "local-\(number)"))
            } else if entry == "uploads" {
                guard let uploads else { continue }  // an embedding server passed its own catalog
                sources.append(.uploads(uploads))
            } else if entry == "received" {
                guard let received else { continue }
                sources.append(.received(received))
            } else if entry == "demo-cloud" {
                guard let demoCloud else { continue }  // not started (an embedding server passed its own catalog)
                sources.append(try .cloud(baseURL: demoCloud, id: "demo-cloud", signInFlow: signInFlows["demo-cloud"] ?? .authorizationCode))
            } else if entry.hasPrefix("cloud:") {
                guard let url = URL(string: String(entry.dropFirst(6))), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                    throw PhotoSourceError(.invalidData, "sources[\(index)]: \"\(entry)\" is not a cloud address; write cloud:https://photos.example.")
                }
                let id = "cloud-\(number)"
                sources.append(try .cloud(baseURL: url, id: id, signInFlow: signInFlows[id] ?? .authorizationCode))
            } else if entry.hasPrefix("urls:") {
                let file = URL(fileURLWithPath: String(entry.dropFirst(5)), isDirectory: false)
                let list = try PreselectedSource.load(listFile: file, allowedOrigins: allowedSourceOrigins, keepingRefused: true)
                sources.append(.preselected(list, id: "urls-\(number)"))
                refused += list.refusedEntries.map { "sources[\(index)] (urls-\(number)): \($0)" }
            } else {
                throw PhotoSourceError(.invalidData, "sources[\(index)]: \"\(entry)\" is not a source; write demo, uploads, received, local:PATH, cloud:URL or urls:FILE.")
            }
        }
        return SourceCatalog(sources, refusedEntries: refused)
    }
}
