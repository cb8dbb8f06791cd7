import Foundation
import PhotoNetworking
public import PhotoSourceKit
public import SampleSources

extension ServiceSource {
    /// A `urls:FILE` list: one scope (the top), items found by the id the listing shows, as
    /// `photosource ls urls:FILE` resolves them. Originals are the downloader's bytes (buffered:
    /// URLs up to the HTTP client's body limit, files up to the file reader's), and a URL's
    /// version is its current `ETag` (see ``PinnedPreselectedSource``).
    public static func preselected(_ preselected: PreselectedSource, id: String) -> ServiceSource {
        ServiceSource(
            id: id, source: PinnedPreselectedSource(preselected), requiresSignIn: false,
            scope: { scopeID in
                guard scopeID.isEmpty else {
                    throw PhotoSourceError(.notFound, "\(preselected.title) has no albums, so there is no \"\(scopeID)\"; list the top.")
                }
                return .root
            },
            item: { itemID in
                // List only the page the entry is on, so only its neighbours' headers are probed.
                let count = preselected.maximumPageSize
                guard let index = preselected.entries.firstIndex(where: { $0.id == itemID }),
                      let item = try await preselected.items(in: .root, page: index / count, count: count).contentItems
                          .first(where: { $0.id == itemID })
                else {
                    throw PhotoSourceError(.notFound, "\(preselected.title) has no photo \"\(itemID)\"; list the source for the ids.")
                }
                return item
            },
            originalFile: nil)
    }
}
