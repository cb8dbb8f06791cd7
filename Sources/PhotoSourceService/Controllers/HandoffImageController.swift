import Foundation
import Hummingbird
import PhotoImaging
import PhotoSourceKit

/// `GET /v1/handoffs/{imageToken}/image`: the photo of a hand-off, once, for the handler (no
/// authentication: the 128-bit token is the capability). PNG when the photo has alpha, else
/// JPEG; EXIF orientation applied; the longest edge at most `handoffs.maximumEdge`;
/// `Cache-Control: no-store`; CORS for the handler's launch origin and `handoffs.allowedOrigins`.
/// Then 410 `handoff-used`; after the TTL 410 `handoff-expired`; an unknown token 404.
/// `HEAD` says the same without spending the token; `OPTIONS` answers a browser's preflight.
struct HandoffImageController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/handoffs/:token/image") { request, context in try await image(request, context) }
        router.head("/v1/handoffs/:token/image") { request, context in try await peek(request, context) }
        router.on("/v1/handoffs/:token/image", method: .options) { request, context in
            dependencies.handoffPreflight(request, try await handoff(context), method: "GET")
        }
    }

    private func handoff(_ context: ServiceRequestContext) async throws -> Handoff? {
        let token = try context.parameters.require("token")
        guard HandoffTokens.isWellFormed(token) else { return nil }
        return try await dependencies.handoffStore().handoff(imageTokenHash: SecretHash.sha256Hex(token))
    }

    private func image(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard HandoffTokens.isWellFormed(token) else { throw HandoffRefusal.unknown }
        let claim = try await dependencies.handoffStore().takeHandoffImage(tokenHash: SecretHash.sha256Hex(token), now: dependencies.now())
        guard case .taken(let handoff) = claim else { throw HandoffRefusal.problem(claim) ?? HandoffRefusal.unknown }
        let spec = ThumbnailSpec(maxPixelSize: dependencies.configuration.handoffs.maximumEdge, fit: .fit, format: .auto, quality: 90)
        let rendered = try await dependencies.withSource(handoff.sourceID, session: handoff.sessionID) { entry in
            let item = try await dependencies.withSourceTimeout { try await entry.item(handoff.itemID) }
            return try await dependencies.originals.withOriginal(of: item, in: entry, session: handoff.sessionID) { original in
                let file = original.file
                return try await DecodePool.shared.run {
                    try ThumbnailRenderer.render(try Data(contentsOf: file, options: .alwaysMapped), spec: spec)
                }
            }
        }
        let response = Response(
            status: .ok,
            headers: [
                .contentType: rendered.format == .png ? "image/png" : "image/jpeg", .cacheControl: "no-store",
                .contentLength: String(rendered.data.count),
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: rendered.data)))
        return dependencies.withHandoffCORS(response, origin: dependencies.handoffCORSOrigin(request, handoff))
    }

    /// `HEAD`: whether the image is still there to fetch, without spending the token.
    private func peek(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        guard let handoff = try await handoff(context) else { throw HandoffRefusal.unknown }
        if handoff.usedAt != nil { throw HandoffRefusal.used }
        if handoff.expiresAt <= dependencies.now() { throw HandoffRefusal.expired }
        let response = Response(status: .ok, headers: [.cacheControl: "no-store"])
        return dependencies.withHandoffCORS(response, origin: dependencies.handoffCORSOrigin(request, handoff))
    }
}
