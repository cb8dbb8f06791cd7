public import Foundation

/// The webhook outbox as the shop's operators see it: a listing by state, and sending a given-up
/// event again (``OrderStore/webhookEvents(state:after:limit:)``, ``OrderStore/redeliverWebhook(id:now:)``).
extension SQLServiceStore {
    public func webhookEvents(state: WebhookOutboxEntry.State?, after: String?, limit: Int) async throws -> [WebhookOutboxEntry] {
        try await database.read { db in
            var conditions: [String] = []
            var binds: [StoreValue] = []
            if let state {
                conditions.append("state = ?")
                binds.append(.text(state.rawValue))
            }
            if let after {
                conditions.append("seq > COALESCE((SELECT seq FROM webhook_outbox WHERE id = ?), -1)")
                binds.append(.text(after))
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try await db.query(
                "SELECT \(Self.webhookColumns) FROM webhook_outbox \(filter) ORDER BY seq LIMIT ?", binds + [.integer(limit)]
            ).compactMap(Self.webhookEntry)
        }
    }

    public func redeliverWebhook(id: String, now: Date) async throws -> (entry: WebhookOutboxEntry, requeued: Bool)? {
        try await database.statements { db in
            let requeued = try await db.query(
                """
                UPDATE webhook_outbox SET state = 'pending', run_after = ?, attempts = 0, finished_at = NULL,
                    lease_owner = NULL, lease_until = NULL
                WHERE id = ? AND state = 'failed'
                RETURNING \(Self.webhookColumns)
                """,
                [.date(now), .text(id)]
            ).first.flatMap(Self.webhookEntry)
            if let requeued { return (requeued, true) }
            let row = try await db.query("SELECT \(Self.webhookColumns) FROM webhook_outbox WHERE id = ?", [.text(id)]).first
            return row.flatMap(Self.webhookEntry).map { ($0, false) }
        }
    }
}
