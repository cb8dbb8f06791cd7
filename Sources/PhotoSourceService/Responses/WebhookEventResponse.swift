import Foundation

/// One outbox row as the operations routes show it.
struct WebhookEventResponse: Encodable {
    let id: String
    let type: String
    /// `nil` (left out) for events about no order (`handoff.custom`).
    let orderId: String?
    let state: String
    let attempts: Int
    let lastError: String?
    let createdAt: String

    init(_ entry: WebhookOutboxEntry) {
        id = entry.event.id
        type = entry.event.type
        orderId = entry.orderID
        state = entry.state.rawValue
        attempts = entry.attempts
        lastError = entry.lastError
        createdAt = entry.event.createdAt.formatted(.iso8601)
    }
}

/// `GET /v1/webhooks/events`: a page of outbox rows.
struct WebhookEventListResponse: Encodable {
    let events: [WebhookEventResponse]
    let nextCursor: String?
}
