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
            scope: { try preselected.scope(id: $0) },
            item: { try await preselected.item(id: $0) },
            originalFile: nil)
    }
}
