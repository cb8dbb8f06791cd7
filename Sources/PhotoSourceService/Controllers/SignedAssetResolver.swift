import Foundation
import Hummingbird
import PhotoSourceKit

extension ServiceDependencies {
    /// The asset and item a signed URL names: 403 when tampered, 410 when expired or when the
    /// photo changed since the URL was made, 404 when it is gone.
    func resolveSigned(
        _ context: ServiceRequestContext, kind: SignedAsset.Kind
    ) async throws -> (asset: SignedAsset, entry: ServiceSource, item: any PhotoSourceItem) {
        let asset: SignedAsset
        do {
            asset = try signer.verify(
                signature: try context.parameters.require("signature"), payload: try context.parameters.require("payload"), kind: kind)
        } catch URLSigner.Refusal.tampered {
            throw Problem(status: .forbidden, code: .accessDenied, detail: "The URL's signature does not match; use the URL the API returned, unchanged.")
        } catch URLSigner.Refusal.expired {
            throw Problem(status: .gone, code: .notFound, detail: "The URL has expired; list the items again for a fresh one.")
        }
        let entry = try catalog.source(asset.source)
        let item = try await withSourceTimeout { try await entry.item(asset.item) }
        guard try await AssetVersion.current(of: item, in: entry) == asset.version else {
            throw Problem(status: .gone, code: .notFound, detail: "The photo changed since this URL was made; list the items again for a fresh one.")
        }
        return (asset, entry, item)
    }
}
