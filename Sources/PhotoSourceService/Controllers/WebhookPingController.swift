import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/webhooks/ping` (API key only): one signed `webhook.ping` event to the configured
/// webhook URL, at once and without retrying or the outbox, so the shop can check its endpoint
/// and its secret. Answers how the endpoint answered: 200 `{"delivered": true, "id"}` on a 2xx,
/// 502 with the failure otherwise; 409 when no webhook is configured.
struct WebhookPingController {
    let dependencies: ServiceDependencies

    /// The ping's type, in the body's `type`.
    static let eventType = "webhook.ping"

    private struct Sent: Encodable {
        let id: String
        let type: String
        let url: String
        let delivered: Bool
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/webhooks/ping") { request, _ in try await ping(request) }
    }

    private func ping(_ request: Request) async throws -> Response {
        try await dependencies.requireShop(request)
        guard let settings = dependencies.configuration.webhook else {
            throw Problem(status: .conflict, code: .invalidData, detail: "No webhook is configured (the configuration's webhook), so there is nowhere to send a ping.")
        }
        let sender = try settings.sender()
        let event = try WebhookEvent(
            id: StoreOrderRows.eventID(), type: Self.eventType, createdAt: dependencies.now(), encoding: ["ping": true])
        do {
            try await sender.attempt(event)
        } catch let error as PhotoSourceError {
            throw Problem(status: .badGateway, code: .connection, detail: "The webhook endpoint did not accept the ping (\(event.id)): \(error.message)")
        }
        var response = try JSONResponse.make(Sent(id: event.id, type: Self.eventType, url: settings.url, delivered: true))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
