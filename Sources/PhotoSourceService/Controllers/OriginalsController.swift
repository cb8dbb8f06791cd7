import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/originals/{signature}/{payload}`: the original, byte-identical, streamed from a file
/// with `Content-Length`, `Content-MD5` and `ETag`; `Range` → 206 so a lab can resume,
/// `If-None-Match` → 304. Folder sources are read from their own file; sources without files
/// (`cloud:`, `urls:`) from the ``OriginalsSpool``, which downloads each original once.
struct OriginalsController {
    let dependencies: ServiceDependencies

    init(dependencies: ServiceDependencies) {
        self.dependencies = dependencies
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/originals/:signature/:payload") { request, context in try await original(request, context) }
    }

    /// The original and, for a spooled one, the lease that keeps its file until the body is written.
    private struct Served: Sendable {
        let original: SpooledOriginal
        let lease: SpoolLease?
    }

    private func original(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .original)
        let served: Served = try await dependencies.withSource(asset.source, session: asset.session) { entry in
            let item = try await dependencies.signedItem(asset, in: entry)
            if let fileFor = entry.originalFile {
                let file = try fileFor(item.id)
                return Served(original: try await FileDigest.of(file, sha256: false, contentType: Self.contentType(of: file.pathExtension)), lease: nil)
            }
            let lease = try await dependencies.originals.lease(of: item, in: entry, session: asset.session, version: asset.version)
            return Served(original: lease.original, lease: lease)
        }
        return try await response(served, request, context)
    }

    private func response(_ served: Served, _ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        var file = FileResponse(served.original, cacheControl: "private, max-age=86400")
        if let lease = served.lease {
            file.whenWritten = { lease.release() }
        }
        return try await file.response(to: request, context: context)
    }

    static func contentType(of fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
