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
