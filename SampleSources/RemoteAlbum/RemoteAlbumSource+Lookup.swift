public import Foundation
public import PhotoSourceKit

extension RemoteAlbumSource {
    /// The photo with `id`, looked up directly (`GET /v1/photos/{id}`), with its pixel size.
    ///
    /// Throws `.notFound` when the cloud has no such photo and `.notLoggedIn` when signed out.
    public func item(id: String) async throws -> any PhotoSourceItem {
        try await api.photo(id: id)
    }

    /// Streams the original of `item` into `file`: into a temporary file first, renamed only
    /// when the transfer succeeded, so a failure leaves no file.
    ///
    /// - Parameter progress: called with the bytes received so far and the announced length.
    public func saveOriginal(
        of item: any PhotoSourceItem, to file: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)? = nil
    ) async throws {
        try await api.saveOriginal(of: item, to: file, progress: progress)
    }
}
