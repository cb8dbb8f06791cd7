import Crypto
import Foundation
import Hummingbird
import PhotoImaging
import PhotoSourceKit

/// `GET /v1/thumbnails/{signature}/{payload}`: a thumbnail through the shared cache, immutable
/// (the payload pins the version), with an ETag and 304 on `If-None-Match`.
struct ThumbnailsController {
    /// The long side of listing thumbnails.
    static let defaultSize = 256

    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/thumbnails/:signature/:payload") { request, context in try await thumbnail(request, context) }
    }

    private func thumbnail(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .thumbnail)
        let etag = Self.etag(for: asset)
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=31536000, immutable"]
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        let spec = ThumbnailSpec(maxPixelSize: asset.size, format: ThumbnailSpec.Format(rawValue: asset.format) ?? .auto)
        // Opened as the session the URL was made for: a URL of session A only ever shows A's photos.
        let thumbnail = try await dependencies.withSource(asset.source, session: asset.session) { entry in
            let item = try await dependencies.signedItem(asset, in: entry)
            return try await dependencies.withSourceTimeout {
                try await dependencies.thumbnails.thumbnail(for: item, from: entry.source, spec: spec)
            }
        }
        headers[.contentType] = thumbnail.format == .png ? "image/png" : "image/jpeg"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.data)))
    }

    /// A strong ETag from the cache key's parts and the pinned version (never the session).
    static func etag(for asset: SignedAsset) -> String {
        let key = "\(asset.source)\u{0}\(asset.item)\u{0}\(asset.version)\u{0}\(asset.size)\u{0}\(asset.format)"
        return "\"" + SHA256.hash(data: Data(key.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
