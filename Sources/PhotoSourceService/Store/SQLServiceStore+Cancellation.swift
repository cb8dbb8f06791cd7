public import Foundation

/// Cancelling an order in the store (either engine), with what each print lab that already had it answered.
extension SQLServiceStore {
    public func cancelOrder(id: String, now: Date, labAnswers: [String: DeliveryCancellation]) async throws -> OrderRecord? {
        try await database.write { db in
            guard let current = try await StoreOrderRows.status(db, order: id) else { return nil }
            let webhooks = writesWebhooks
            if !current.isFinal {
                // What has not reached a destination yet stops here; a lab that has the order decides for itself (below).
                let asked = labAnswers.keys.sorted()
                let notAsked = asked.isEmpty ? "" : " AND destination_id NOT IN (\(asked.map { _ in "?" }.joined(separator: ", ")))"
                _ = try await db.query("UPDATE order_items SET state = 'cancelled' WHERE order_id = ? AND state = 'pending'", [.text(id)])
                _ = try await db.query(
                    "UPDATE deliveries SET state = 'cancelled' WHERE order_id = ? AND state IN ('pending', 'delivering', 'accepted')\(notAsked)",
                    [.text(id)] + asked.map { .text($0) })
                _ = try await db.query("UPDATE jobs SET state = 'cancelled' WHERE order_id = ? AND state IN ('ready', 'running')", [.text(id)])
            }
            for (destination, answer) in labAnswers.sorted(by: { $0.key < $1.key }) {
                try await StoreOrderRows.recordCancellation(db, order: id, destination: destination, answer, now: now, webhooks: webhooks)
            }
            let confirmed = labAnswers.values.contains { $0.outcome == .confirmed }
            if !current.isFinal || confirmed {
                let states = try await db.query("SELECT state FROM deliveries WHERE order_id = ?", [.text(id)])
                    .compactMap { $0.string("state").flatMap(DeliveryState.init(rawValue:)) }
                if let next = OrderStatus.afterCancelling(deliveries: states), next != current {
                    try await StoreOrderRows.changeStatus(db, order: id, to: next, now: now, webhooks: webhooks)
                }
            }
            return try await StoreOrderRows.order(db, where: "id = ?", [.text(id)])
        }
    }
}

extension StoreOrderRows {
    /// Writes a lab's answer to a cancellation onto its delivery: `confirmed` cancels it (stage
    /// `cancelled`), `refused` and `unreachable` leave it as it was; either way the answer and its
    /// reason are kept, an `order.delivery` event records it and the shop's webhook reports the delivery.
    static func recordCancellation(
        _ db: any StoreConnection, order: String, destination: String, _ answer: DeliveryCancellation, now: Date, webhooks: Bool
    ) async throws {
        let confirmed = answer.outcome == .confirmed
        _ = try await db.query(
            """
            UPDATE deliveries SET cancel_outcome = ?, cancel_reason = ?,
                state = CASE WHEN ? = 1 THEN 'cancelled' ELSE state END, stage = CASE WHEN ? = 1 THEN 'cancelled' ELSE stage END
            WHERE order_id = ? AND destination_id = ?
            """,
            [.text(answer.outcome.rawValue), .text(answer.reason), .flag(confirmed), .flag(confirmed),
             .text(order), .text(destination)])
        var data: [String: any Sendable] = ["orderId": order, "destination": destination, "cancellation": answer.outcome.rawValue]
        if let reason = answer.reason { data["reason"] = reason }
        try await event(db, order: order, type: "order.delivery", data, now: now)
        try await webhook(db, enabled: webhooks, order: order, destination: destination, now: now)
    }
}

extension OrderStatus {
    /// The order's status once it was cancelled and the labs answered, given its deliveries'
    /// states: `cancelled` when nothing reached a destination (or still may), `nil` (unchanged)
    /// while a lab that refused has yet to report, else what the deliveries add up to
    /// (``final(deliveries:anyItemFailed:)``: a lab that refused and a cancelled folder make `partiallyDelivered`).
    static func afterCancelling(deliveries: [DeliveryState]) -> OrderStatus? {
        let reached: Set<DeliveryState> = [.delivered, .partiallyDelivered, .accepted, .delivering]
        if !deliveries.contains(where: reached.contains) { return .cancelled }
        guard deliveries.allSatisfy(\.isFinal) else { return nil }
        return final(deliveries: deliveries, anyItemFailed: false)
    }
}
