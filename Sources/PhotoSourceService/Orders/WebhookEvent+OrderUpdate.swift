import Foundation

extension WebhookEvent {
    /// The `data` of an ``WebhookEvent/orderUpdated`` event: the order as it now is (`id`,
    /// `reference`, `status`) and, when the event reports one destination (its delivery ending,
    /// or a print lab's stage), that destination's ``DeliveryResponse`` — the object
    /// `GET /v1/orders/{id}` lists under `destinations`, read from the same stored row.
    struct OrderUpdate: Encodable, Sendable, Hashable {
        /// The order's summary.
        struct Order: Encodable, Sendable, Hashable {
            let id: String
            let reference: String
            let status: String
        }

        let order: Order
        let delivery: DeliveryResponse?

        /// The update for `order`, with `delivery` (as stored) when the event reports one.
        init(order: Order, delivery: OrderRecord.Delivery?) {
            self.order = order
            self.delivery = delivery.map(DeliveryResponse.init)
        }

        /// The JSON the outbox keeps: sorted keys, slashes unescaped (as every response).
        func encoded() throws -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(self)
        }
    }
}
