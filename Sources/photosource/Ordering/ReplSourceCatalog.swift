import PhotoSourceKit
import PhotoSourceService
import SampleSources

/// The REPL's sources as the in-process order service sees them: the same source objects (so
/// a cloud source is the one the person signed in to with `login`, and an order of its photos
/// is looked up and fetched with that sign-in, or refused as `not-logged-in` without it), under
/// API ids the service can name in orders: `demo` for the demo library, `source-N` for the rest.
struct ReplSourceCatalog: Sendable {
    /// The catalog handed to the service.
    let catalog: SourceCatalog
    /// The service's id of each REPL source, by the source's own id.
    let serviceIDs: [String: String]

    /// The catalog of `sources`, in their order. Sources of kinds the service cannot look items
    /// up in are left out; ordering their photos says so.
    init(_ sources: [any PhotoSource]) throws {
        var entries: [ServiceSource] = []
        var ids: [String: String] = [:]
        for (index, source) in sources.enumerated() {
            let id = source.id == "demo" ? "demo" : "source-\(index + 1)"
            guard let entry = try Self.entry(for: source, id: id) else { continue }
            entries.append(entry)
            ids[source.id] = id
        }
        catalog = SourceCatalog(entries)
        serviceIDs = ids
    }

    /// The service's entry for one REPL source, or `nil` for a kind it cannot serve.
    private static func entry(for source: any PhotoSource, id: String) throws -> ServiceSource? {
        switch source {
        case let folder as LocalFolderSource:
            return try .folder(folder, id: id)
        case let list as PreselectedSource:
            return .preselected(list, id: id)
        case let cloud as RemoteAlbumSource:
            // Shared by the one person at the REPL, signed in (or not) through its own `login`: the
            // service opens no per-session sign-in of its own for it.
            return ServiceSource(
                id: id, source: cloud, requiresSignIn: false,
                scope: { scopeID in scopeID.isEmpty ? .root : ItemScope.root.appending(id: scopeID, title: scopeID) },
                item: { itemID in try await cloud.item(id: itemID) },
                originalFile: nil)
        default:
            return nil
        }
    }
}
