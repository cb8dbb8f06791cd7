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
        let thumbnail: Thumbnail
        if let stored = try warmThumbnail(asset, spec: spec) {
            thumbnail = stored
        } else {
            // Opened as the session the URL was made for: a URL of session A only ever shows A's photos.
            thumbnail = try await dependencies.withSource(asset.source, session: asset.session) { entry in
                let item = try await dependencies.signedItem(asset, in: entry)
                return try await dependencies.withSourceTimeout {
                    try await dependencies.thumbnails.thumbnail(for: item, from: entry.source, spec: spec)
                }
            }
        }
        headers[.contentType] = thumbnail.format == .png ? "image/png" : "image/jpeg"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.data)))
    }

    /// The warm path: the thumbnail the verified payload names, straight from the cache's memory
    /// or disk tier, without asking the source anything (no item lookup, no version check, no
    /// timer). The payload already proves what the slow path would: the signature shows this
    /// service made the URL for that session, item and version; a cache entry made from that
    /// version is that picture. Only sources shared by every session take it (their photos are
    /// the same whoever asks); a source each customer signs in to goes through its session's
    /// sign-in every time, so signing out still stops that session's URLs.
    private func warmThumbnail(_ asset: SignedAsset, spec: ThumbnailSpec) throws -> Thumbnail? {
        guard !asset.version.isEmpty else { return nil }
        let entry = try dependencies.catalog.source(asset.source)
        guard entry.signIn == nil else { return nil }
        return dependencies.thumbnails.storedThumbnail(sourceID: entry.source.id, itemID: asset.item, spec: spec, validator: asset.version)
    }

    /// A strong ETag from the cache key's parts and the pinned version (never the session).
    static func etag(for asset: SignedAsset) -> String {
        let key = "\(asset.source)\u{0}\(asset.item)\u{0}\(asset.version)\u{0}\(asset.size)\u{0}\(asset.format)"
        return "\"" + Hex.string(SHA256.hash(data: Data(key.utf8)).prefix(16)) + "\""
    }
}
