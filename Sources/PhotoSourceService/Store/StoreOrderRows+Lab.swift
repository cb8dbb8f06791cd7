import Foundation

/// The deliveries' print-lab columns (``StoreMigrations/labSteps``): tracking, the lab's
/// answer to a cancellation, and an alert.
extension StoreOrderRows {
    /// The lab columns, for a `SELECT` of `deliveries`.
    static let labColumns = "carrier, tracking_number, tracking_url, cancel_outcome, cancel_reason, alert"

    /// Fills `delivery`'s tracking, cancellation and alert from a row selected with ``labColumns``.
    static func readLabColumns(_ row: StoreRow, into delivery: inout OrderRecord.Delivery) {
        let tracking = DeliveryTracking(
            carrier: row.string("carrier"), number: row.string("tracking_number"), url: row.string("tracking_url"))
        delivery.tracking = tracking.isEmpty ? nil : tracking
        delivery.cancellation = row.string("cancel_outcome").flatMap(DeliveryCancellation.Outcome.init(rawValue:)).map {
            DeliveryCancellation(outcome: $0, reason: row.string("cancel_reason"))
        }
        delivery.alert = row.string("alert")
    }

    /// Keeps the tracking a report carries (fields it leaves out keep what an earlier report said).
    static func recordTracking(_ db: any StoreConnection, _ report: DestinationReport) async throws {
        guard let tracking = report.tracking, !tracking.isEmpty else { return }
        _ = try await db.query(
            """
            UPDATE deliveries SET carrier = COALESCE(?, carrier), tracking_number = COALESCE(?, tracking_number),
                tracking_url = COALESCE(?, tracking_url)
            WHERE order_id = ? AND destination_id = ?
            """,
            [.text(tracking.carrier), .text(tracking.number), .text(tracking.url),
             .text(report.orderID), .text(report.destinationID)])
    }
}

extension StoreOrderRows {
    /// When `report` is `shipped` for a delivery whose lab had confirmed the cancellation: keeps
    /// the stage and tracking, flags the delivery `shippedAfterCancel` (it stays `cancelled`: the
    /// shop refunded), records the event (`data` + the alert) and tells the shop; `true` then.
    /// Anything else: `false`, nothing written.
    static func flagShippedAfterCancel(
        _ db: any StoreConnection, _ report: DestinationReport, _ data: [String: any Sendable], now: Date, webhooks: Bool
    ) async throws -> Bool {
        guard report.stage == PrintLabStage.shipped.rawValue else { return false }
        let flagged = try await db.query(
            """
            UPDATE deliveries SET alert = 'shippedAfterCancel', stage = ?
            WHERE order_id = ? AND destination_id = ? AND state = 'cancelled' AND cancel_outcome = 'confirmed' RETURNING destination_id
            """,
            [.text(report.stage), .text(report.orderID), .text(report.destinationID)])
        guard !flagged.isEmpty else { return false }
        try await recordTracking(db, report)
        var event = data.merging(report.trackingEventData) { $1 }
        event["applied"] = false
        event["alert"] = "shippedAfterCancel"
        try await self.event(db, order: report.orderID, type: "order.delivery", event, now: now)
        try await webhook(db, enabled: webhooks, order: report.orderID, destination: report.destinationID, now: now)
        return true
    }
}
