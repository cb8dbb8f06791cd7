public import Foundation

/// One row of an order's history, as `GET /v1/orders/{id}/events` sends it.
public struct OrderEvent: Sendable, Hashable {
    /// Increasing across the store: the SSE `id` (and `Last-Event-ID`).
    public var id: Int64
    /// The order.
    public var orderID: String
    /// `order.status`, `order.item` or `order.delivery`.
    public var type: String
    /// The event's JSON object.
    public var data: String
    /// When it happened.
    public var createdAt: Date

    /// Creates an event.
    public init(id: Int64, orderID: String, type: String, data: String, createdAt: Date) {
        self.id = id
        self.orderID = orderID
        self.type = type
        self.data = data
        self.createdAt = createdAt
    }
}
