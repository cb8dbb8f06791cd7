import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/orders/{id}/asset-urls` (API key only): fresh signed asset URLs for an order's
/// materialised lines, each valid ``OrderSettings/assetURLLifetimeSeconds`` from now, for a lab
/// that fetches after the URLs it was sent expired. The URLs name the same content-addressed
/// bytes, so the lab gets exactly what the order's MD5 describes; print files (``PrintFileAsset``) get theirs too. Nothing is stored: a signed URL
/// carries its own expiry.
struct OrderAssetURLsController {
    let dependencies: ServiceDependencies

    /// The answer: one entry per order line; `url` (and `md5`, `byteCount`) absent for a line not (yet) materialised.
    struct Reissued: Encodable {
        struct Line: Encodable {
            let index: Int
            let state: String
            let url: String?
            let md5: String?
            let byteCount: Int64?
            /// The line's print files, each with a fresh URL; absent when no destination asked for print files.
            let printFiles: [PrintFileURL]?
        }

        /// A print file's fresh URL, for the destinations it is for.
        struct PrintFileURL: Encodable {
            let destinations: [String]
            let url: String?
            let md5: String
            let byteCount: Int64
        }

        let orderId: String
        let expiresAt: String
        let items: [Line]
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/orders/:id/asset-urls") { request, context in try await reissue(request, context) }
    }

    private func reissue(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try await dependencies.requireShop(request)
        let id = try context.parameters.require("id")
        guard let order = try await dependencies.orderStore().order(id: id) else {
            throw PhotoSourceError(.notFound, "There is no order \(id).")
        }
        guard dependencies.assetOrigin != nil else {
            throw PhotoSourceError(.connection, "The service is not listening yet, so there are no asset URLs to make; try again shortly.")
        }
        let now = dependencies.now()
        let expires = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down) + Double(dependencies.configuration.orders.assetURLLifetimeSeconds))
        let items = order.items.map { line in
            let asset = line.state == .materialised ? line.asset : nil
            return Reissued.Line(
                index: line.index, state: line.state.rawValue,
                url: asset.flatMap { dependencies.assetURL(sha256: $0.sha256, md5: $0.md5, contentType: $0.contentType, now: now) }?.absoluteString,
                md5: asset?.md5, byteCount: asset?.byteCount,
                printFiles: asset?.printFiles?.map { file in
                    Reissued.PrintFileURL(
                        destinations: file.destinations,
                        url: dependencies.assetURL(sha256: file.sha256, md5: file.md5, contentType: PrintFileAsset.contentType, now: now)?.absoluteString,
                        md5: file.md5, byteCount: file.byteCount)
                })
        }
        var response = try JSONResponse.make(Reissued(orderId: order.id, expiresAt: expires.formatted(.iso8601), items: items))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
