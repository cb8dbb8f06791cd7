import Foundation
public import PhotoSourceKit
public import SampleSources

extension ServiceSource {
    /// A folder source: scope and item ids are paths relative to its root, as in `photosource ls`.
    public static func folder(_ folder: LocalFolderSource, id: String) throws -> ServiceSource {
        let resolver = try LocalPathResolver(root: folder.root)
        return ServiceSource(
            id: id, source: folder, requiresSignIn: false,
            scope: { scopeID in
                guard !scopeID.isEmpty else { return .root }
                let container = try folder.item(id: scopeID)
                guard container.kind == .container else {
                    throw PhotoSourceError(.invalidData, "\"\(scopeID)\" is a photo, not an album; give an album's id, or none for the top.")
                }
                return pathScope(scopeID)
            },
            item: { itemID in
                let item = try folder.item(id: itemID)
                guard item.kind == .image else { throw PhotoSourceError(.notFound, "\"\(itemID)\" is an album, not a photo.") }
                return item
            },
            originalFile: { itemID in try resolver.url(for: itemID) })
    }

    /// The scope of a relative folder path: one step per component, each step's id the path so
    /// far (`Travel/Italy` opens `Travel`, then `Travel/Italy`), as `photosource ls` resolves it.
    public static func pathScope(_ path: String) -> ItemScope {
        var scope = ItemScope.root
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            scope = scope.appending(id: prefix, title: String(component))
        }
        return scope
    }
}
