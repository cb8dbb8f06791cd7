import Foundation
import PhotoSourceKit
import PhotoSourceService
import SampleSources

/// A source named on the command line, with the two things scripts need beyond the
/// ``PhotoSource`` protocol: turning a SCOPE-ID into a scope, and looking an item up by id.
struct ResolvedSource: Sendable {
    /// The source.
    let source: any PhotoSource
    /// The scope a SCOPE-ID names (`""` is the root); throws when it names no container.
    let scope: @Sendable (_ scopeID: String) async throws -> ItemScope
    /// The item with this id; throws `.notFound` when there is none.
    let item: @Sendable (_ itemID: String) async throws -> any PhotoSourceItem
    /// Streams an item's original into a file with progress, for sources that can (else `get`
    /// goes through the source's downloader).
    var saveOriginal: OriginalSaver?

    /// Writes the original of an item to a file atomically, reporting bytes received and expected.
    typealias OriginalSaver = @Sendable (
        _ item: any PhotoSourceItem, _ file: URL, _ progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws -> Void

    /// The source when a person signs in to it, else `nil`.
    var signInSource: (any InteractiveSignIn)? { source as? any InteractiveSignIn }
}

extension ResolvedSource {
    /// A folder source: scope and item ids are paths relative to its root, so the scope of
    /// `Travel/Italy` opens `Travel` and then `Travel/Italy`.
    init(folder: LocalFolderSource) {
        self.init(
            source: folder,
            scope: { scopeID in
                guard !scopeID.isEmpty else { return .root }
                let container: DefaultPhotoSourceItem
                do {
                    container = try folder.item(id: scopeID)
                } catch let error as PhotoSourceError where error.code == .notFound {
                    throw PhotoSourceError(
                        .notFound, "There is no folder \"\(scopeID)\" in \(folder.title); list the top to see what there is.",
                        detail: error.detail, underlying: error)
                }
                guard container.kind == .container else {
                    throw PhotoSourceError(.invalidData, "\"\(scopeID)\" is a photo, not a folder; give a folder's path, or none for the top.")
                }
                return Self.pathScope(scopeID)
            },
            item: { itemID in try folder.item(id: itemID) },
            saveOriginal: nil)
    }

    /// The scope of a relative folder path (the service resolves folder scopes the same way).
    static func pathScope(_ path: String) -> ItemScope { ServiceSource.pathScope(path) }
}
