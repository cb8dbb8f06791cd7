public import Foundation

/// Destinations' reports (a print lab's status callbacks) in the SQLite store.
extension SQLServiceStore {
    public func applyReport(_ report: DestinationReport, now: Date) async throws -> DestinationReportOutcome {
        try await database.write { db in
            let order = report.orderID
            let destination = report.destinationID
            guard let delivery = try await db.query(
                "SELECT state, stage, external_id FROM deliveries WHERE order_id = ? AND destination_id = ?", [.text(order), .text(destination)]
            ).first else { return .unknownOrder }
            // A report is about the order the destination gave us an id for, and no other.
            let recorded = delivery.string("external_id")
            if recorded != report.externalID {
                guard let recorded else { return .externalOrderNotYetKnown }
                return .otherExternalOrder(recorded: recorded)
            }
            let fresh = try await db.query(
                """
                INSERT INTO destination_reports (destination_id, event_id, order_id, stage, received_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING RETURNING event_id
                """,
                [.text(destination), .text(report.eventID), .text(order), .text(report.stage), .date(now)])
            guard !fresh.isEmpty else { return .duplicate }
            var data: [String: any Sendable] = ["orderId": order, "destination": destination, "stage": report.stage, "eventId": report.eventID]
            if let message = report.message { data["message"] = message }
            if try await StoreOrderRows.flagShippedAfterCancel(db, report, data, now: now, webhooks: writesWebhooks) { return .flagged }
            let current = delivery.string("stage")
            guard let stage = PrintLabStage(rawValue: report.stage), stage.advances(from: current.flatMap(PrintLabStage.init(rawValue:))) else {
                // Late or contradicting: part of the history, not of the state.
                data["applied"] = false
                if let current { data["currentStage"] = current }
                try await StoreOrderRows.event(db, order: order, type: "order.delivery", data, now: now)
                return .recorded
            }
            let state = stage.deliveryState?.rawValue
            let failed = stage == .failed
            _ = try await db.query(
                """
                UPDATE deliveries SET stage = ?,
                    state = CASE WHEN CAST(? AS TEXT) IS NOT NULL AND state IN ('accepted', 'delivering', 'pending') THEN ? ELSE state END,
                    error_code = CASE WHEN ? = 1 THEN 'invalid-data' ELSE error_code END,
                    error_message = CASE WHEN ? = 1 THEN COALESCE(?, error_message) ELSE error_message END
                WHERE order_id = ? AND destination_id = ?
                """,
                [.text(stage.rawValue), .text(state), .text(state), .flag(failed),
                 .flag(failed), .text(report.message), .text(order), .text(destination)])
            try await StoreOrderRows.recordTracking(db, report)
            try await StoreOrderRows.event(db, order: order, type: "order.delivery", data.merging(report.trackingEventData) { $1 }, now: now)
            // Every stage that moves (printed, shipped…) is news for the shop, not only the one that ends the delivery.
            try await StoreOrderRows.webhook(db, enabled: writesWebhooks, order: order, destination: destination, now: now)
            try await StoreOrderRows.finishIfDone(db, order: order, now: now, webhooks: writesWebhooks)
            return .applied
        }
    }
}
