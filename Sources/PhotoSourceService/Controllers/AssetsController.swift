import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/assets/{signature}/{payload}`: a materialised original from the asset store, for
/// print labs, which fetch on their own schedule (hours or days after the order). The URL is
/// signed (kind `asset`, ``SignedStoredAsset``) and lives ``OrderSettings/assetURLLifetimeSeconds``;
/// the bytes are the ones the order's MD5 describes, whatever the source or the customer's
/// sign-in has become since. Range, `If-None-Match` and `Content-MD5` as for originals.
struct AssetsController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/assets/:signature/:payload") { request, context in try await asset(request, context) }
    }

    private func asset(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let signature = try context.parameters.require("signature")
        let payload = try context.parameters.require("payload")
        let asset: SignedStoredAsset
        do {
            asset = try dependencies.signer.verifyStoredAsset(signature: signature, payload: payload, now: dependencies.now())
        } catch .tampered {
            throw Problem(status: .forbidden, code: .accessDenied, detail: "The URL's signature does not match; use the URL the order sent, unchanged.")
        } catch .expired {
            throw Problem(status: .gone, code: .notFound, detail: "The asset URL has expired; POST /v1/orders/{id}/asset-urls (API key) makes fresh ones.")
        }
        let file = AssetStore.file(in: AssetStore.root(for: dependencies.configuration), sha256: asset.sha256, contentType: asset.contentType)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int,
              let md5 = Hex.bytes(asset.md5)
        else {
            throw PhotoSourceError(.notFound, "The asset is no longer kept by this service.")
        }
        let original = SpooledOriginal(
            file: file, byteCount: size, md5Hex: asset.md5, md5Base64: Data(md5).base64EncodedString(), sha256Hex: asset.sha256,
            contentType: asset.contentType)
        // Content-addressed: the bytes behind a URL never change.
        return try await FileResponse(original, cacheControl: "private, max-age=86400, immutable").response(to: request, context: context)
    }
}
