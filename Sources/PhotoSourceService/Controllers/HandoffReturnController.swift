import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/handoffs/{returnToken}/return`: a handler sends the edited photo back (no
/// authentication: the 128-bit token is the capability). The body is the image
/// (`Content-Type` image/jpeg or image/png, at most `handoffs.returnMaximumBytes`), sniffed and
/// decoded like an upload before the token is spent; it joins the customer's "Received" source
/// (201 `{source, itemId}`). Once, then 410; expired 410; unknown 404; not an image 415; too
/// large 413; undecodable 422. `OPTIONS` answers a browser's preflight for the launch origin.
struct HandoffReturnController {
    let dependencies: ServiceDependencies

    private struct Received: Encodable {
        let source: String
        let itemId: String
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/handoffs/:token/return") { request, context in try await receive(request, context) }
        router.on("/v1/handoffs/:token/return", method: .options) { request, context in
            dependencies.handoffPreflight(request, try await handoff(context), method: "POST")
        }
    }

    /// Whether `request` goes to a return path, whose body this route reads itself under its own
    /// limit (the body middlewares leave it alone: it is an image, and may pass the JSON body
    /// limit). Any method: another method than POST has no route there and must get 405, not the
    /// JSON middleware's 415 for its image body.
    static func streamsBody(_ request: Request) -> Bool {
        request.uri.path.hasPrefix("/v1/handoffs/") && request.uri.path.hasSuffix("/return")
    }

    private func handoff(_ context: ServiceRequestContext) async throws -> Handoff? {
        let token = try context.parameters.require("token")
        guard HandoffTokens.isWellFormed(token) else { return nil }
        return try await dependencies.handoffStore().handoff(returnTokenHash: SecretHash.sha256Hex(token))
    }

    private func receive(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let now = dependencies.now()
        guard let found = try await handoff(context) else { throw HandoffRefusal.unknown }
        if found.returnedAt != nil { throw HandoffRefusal.used }
        if found.expiresAt <= now { throw HandoffRefusal.expired }
        let origin = dependencies.handoffCORSOrigin(request, found)
        do {
            let mediaType = JSONBodyMiddleware<ServiceRequestContext>.mediaType(request.headers[.contentType])
            guard mediaType == "image/jpeg" || mediaType == "image/png" else { throw HandoffRefusal.mediaType(request.headers[.contentType]) }
            let received = dependencies.received
            let maximum = received.store.settings.maximumBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > maximum {
                throw HandoffRefusal.returnTooLarge(maximum: maximum)
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: maximum)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw HandoffRefusal.returnTooLarge(maximum: maximum)
            }
            let bytes = Data(body.readableBytesView)
            let header = try await received.verify(bytes)
            let token = try context.parameters.require("token")
            let claim = try await dependencies.handoffStore().takeHandoffReturn(tokenHash: SecretHash.sha256Hex(token), now: now)
            guard case .taken(let handoff) = claim else { throw HandoffRefusal.problem(claim) ?? HandoffRefusal.unknown }
            let record = try await received.add(bytes, header: header, customerKey: handoff.customerKey, title: handoff.receivedTitle, now: now)
            let response = try JSONResponse.make(Received(source: ServiceSource.receivedID, itemId: record.photoFileName), status: .created)
            return dependencies.withHandoffCORS(response, origin: origin)
        } catch {
            // A refusal still carries CORS, so the handler's page can read why.
            let problem = Problem.from(error)
            guard problem.status < 500 else { throw error }
            return dependencies.withHandoffCORS(problem.response(), origin: origin)
        }
    }
}
