import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/webhooks/events/{id}/redeliver` (API key only): puts a given-up (`failed`) webhook
/// event back to `pending`, due now, with a fresh retry schedule; the dispatcher sends it with the
/// same event id (the shop deduplicates on it). 404 for an unknown event, 409 for one that has
/// not given up (it is still pending, being sent, or was delivered).
struct WebhookRedeliveryController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/webhooks/events/:id/redeliver") { request, context in try await redeliver(request, context) }
    }

    private func redeliver(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try await dependencies.requireShop(request)
        let id = try context.parameters.require("id")
        let store = try dependencies.orderStore()
        guard let result = try await store.redeliverWebhook(id: id, now: dependencies.now()) else {
            throw PhotoSourceError(.notFound, "There is no webhook event \(id).")
        }
        guard result.requeued else {
            throw Problem(
                status: .conflict, code: .invalidData,
                detail: "The webhook event \(id) is \(result.entry.state.rawValue), not failed: only a given-up event is sent again.")
        }
        var response = try JSONResponse.make(WebhookEventResponse(result.entry))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
