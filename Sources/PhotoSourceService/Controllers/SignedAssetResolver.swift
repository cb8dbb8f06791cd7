import Foundation
import Hummingbird
import PhotoSourceKit

extension ServiceDependencies {
    /// The asset a signed URL names: 403 when tampered (any key, constant time), 410 when expired.
    func verifySigned(_ context: ServiceRequestContext, kind: SignedAsset.Kind) throws -> SignedAsset {
        do {
            return try signer.verify(
                signature: try context.parameters.require("signature"), payload: try context.parameters.require("payload"), kind: kind)
        } catch URLSigner.Refusal.tampered {
            throw Problem(status: .forbidden, code: .accessDenied, detail: "The URL's signature does not match; use the URL the API returned, unchanged.")
        } catch URLSigner.Refusal.expired {
            throw Problem(status: .gone, code: .notFound, detail: "The URL has expired; list the items again for a fresh one.")
        }
    }

    /// The item `asset` names, looked up in `entry` (opened as the asset's session); 410 when
    /// the photo changed since the URL was made, 404 when it is gone.
    func signedItem(_ asset: SignedAsset, in entry: ServiceSource) async throws -> any PhotoSourceItem {
        let item = try await withSourceTimeout { try await entry.item(asset.item) }
        guard try await AssetVersion.current(of: item, in: entry) == asset.version else {
            throw Problem(status: .gone, code: .notFound, detail: "The photo changed since this URL was made; list the items again for a fresh one.")
        }
        return item
    }
}
