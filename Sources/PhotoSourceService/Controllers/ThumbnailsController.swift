import Crypto
import Foundation
import Hummingbird
import PhotoImaging
import PhotoSourceKit

/// `GET /v1/thumbnails/{signature}/{payload}`: a thumbnail through the shared cache, immutable
/// (the payload pins the version), with an ETag and 304 on `If-None-Match`.
///
/// Warm thumbnails of URLs verified before are answered by ``SignedThumbnailFastPath`` ahead of
/// the router, with the same bytes and headers; this controller answers everything else.
struct ThumbnailsController {
    /// The long side of listing thumbnails.
    static let defaultSize = 256
    /// `Cache-Control` of every thumbnail: the payload pins the version, so the bytes never change.
    static let cacheControl = "public, max-age=31536000, immutable"

    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/thumbnails/:signature/:payload") { request, context in try await thumbnail(request, context) }
    }

    private func thumbnail(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .thumbnail)
        let etag = Self.etag(for: asset)
        var headers: HTTPFields = [.eTag: etag, .cacheControl: Self.cacheControl]
        if Self.matches(request.headers[.ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        let thumbnail: Thumbnail
        if let stored = try Self.warmThumbnail(asset, dependencies: dependencies) {
            thumbnail = stored
        } else {
            // Opened as the session the URL was made for: a URL of session A only ever shows A's photos.
            thumbnail = try await dependencies.withSource(asset.source, session: asset.session) { entry in
                let item = try await dependencies.signedItem(asset, in: entry)
                return try await dependencies.withSourceTimeout {
                    try await dependencies.thumbnails.thumbnail(for: item, from: entry.source, spec: Self.spec(of: asset))
                }
            }
        }
        headers[.contentType] = Self.contentType(of: thumbnail)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.data)))
    }

    /// The warm path: the thumbnail the verified payload names, straight from the cache's memory
    /// or disk tier, without asking the source anything (no item lookup, no version check, no
    /// timer). The payload already proves what the slow path would: the signature shows this
    /// service made the URL for that session, item and version; a cache entry made from that
    /// version is that picture. Only sources shared by every session take it (their photos are
    /// the same whoever asks); a source each customer signs in to goes through its session's
    /// sign-in every time, so signing out still stops that session's URLs, and a source of each
    /// session's or customer's own photos (uploads, received) checks the session lives, so
    /// revoking it stops them.
    /// `memoryOnly` never reads the disk tier (for callers on an event loop).
    static func warmThumbnail(_ asset: SignedAsset, dependencies: ServiceDependencies, memoryOnly: Bool = false) throws -> Thumbnail? {
        guard !asset.version.isEmpty else { return nil }
        let entry = try dependencies.catalog.source(asset.source)
        guard entry.isSharedByEverySession else { return nil }
        let (source, spec) = (entry.source.id, spec(of: asset))
        return memoryOnly
            ? dependencies.thumbnails.memoryThumbnail(sourceID: source, itemID: asset.item, spec: spec, validator: asset.version)
            : dependencies.thumbnails.storedThumbnail(sourceID: source, itemID: asset.item, spec: spec, validator: asset.version)
    }

    /// The thumbnail a signed payload asks for.
    static func spec(of asset: SignedAsset) -> ThumbnailSpec {
        ThumbnailSpec(maxPixelSize: asset.size, format: ThumbnailSpec.Format(rawValue: asset.format) ?? .auto)
    }

    /// `Content-Type` of a thumbnail.
    static func contentType(of thumbnail: Thumbnail) -> String {
        thumbnail.format == .png ? "image/png" : "image/jpeg"
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`).
    static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }
    }

    /// A strong ETag from the cache key's parts and the pinned version (never the session).
    static func etag(for asset: SignedAsset) -> String {
        let key = "\(asset.source)\u{0}\(asset.item)\u{0}\(asset.version)\u{0}\(asset.size)\u{0}\(asset.format)"
        return "\"" + Hex.string(SHA256.hash(data: Data(key.utf8)).prefix(16)) + "\""
    }
}
