import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/webhooks/events?status=&cursor=&limit=` (API key only): the shop's webhook outbox,
/// oldest first, `limit` (1–100, default 50) at a time, filtered by delivery state (`pending`,
/// `sending`, `delivered`, `failed`: given up); `nextCursor` continues after the last one and is
/// absent on the last page.
struct WebhookEventsController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/webhooks/events") { request, _ in try await list(request) }
    }

    private func list(_ request: Request) async throws -> Response {
        try await dependencies.requireShop(request)
        let parameters = request.uri.queryParameters
        var problems = FieldProblems()
        var state: WebhookOutboxEntry.State?
        if let status = parameters["status"].map(String.init) {
            state = WebhookOutboxEntry.State(rawValue: status)
            problems.check(state != nil, "status", "\"\(status.prefix(40))\" is not a webhook event state (pending, sending, delivered, failed).")
        }
        let cursor = parameters["cursor"].map(String.init)
        problems.check(cursor.map { $0.utf8.count <= 200 } ?? true, "cursor", "is not a cursor this listing gave out; start again without one.")
        let limit = parameters["limit"].map { Int(String($0)) } ?? 50
        problems.check(limit.map { (1...100).contains($0) } ?? false, "limit", "must be a whole number from 1 to 100.")
        guard problems.isEmpty else {
            throw FieldProblem.problem(problems.all, summary: "The listing's query has \(problems.all.count) problem(s):")
        }
        let pageSize = limit ?? 50
        var events = try await dependencies.orderStore().webhookEvents(state: state, after: cursor, limit: pageSize + 1)
        var next: String?
        if events.count > pageSize {
            events.removeLast()
            next = events.last?.event.id
        }
        var response = try JSONResponse.make(WebhookEventListResponse(events: events.map(WebhookEventResponse.init), nextCursor: next))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
