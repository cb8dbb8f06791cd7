import Foundation
import Hummingbird
import PhotoImaging
import PhotoSourceKit

/// `GET /v1/icons/{signature}/{payload}`: a catalog icon (from the signed URL `GET /v1/catalog`
/// answered with) through the shared thumbnail cache, immutable, with an ETag and 304 on
/// `If-None-Match`. An icon that cannot be fetched answers 502.
struct IconsController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/icons/:signature/:payload") { request, context in try await icon(request, context) }
    }

    private func icon(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .icon)
        let etag = ThumbnailsController.etag(for: asset)
        var headers: HTTPFields = [.eTag: etag, .cacheControl: ThumbnailsController.cacheControl]
        if ThumbnailsController.matches(request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let icon: Thumbnail
        do {
            icon = try await dependencies.catalogIcons.icon(url: asset.item, version: asset.version)
        } catch let error as PhotoSourceError where error.code != .cancelled {
            throw Problem(status: .badGateway, code: .connection, detail: "The icon could not be fetched: \(error.message)")
        }
        headers[.contentType] = ThumbnailsController.contentType(of: icon)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: icon.data)))
    }
}
