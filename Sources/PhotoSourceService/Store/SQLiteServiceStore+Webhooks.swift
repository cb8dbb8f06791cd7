public import Foundation
import SQLiteNIO
import Synchronization

/// The shop's webhook outbox in the SQLite store: rows written beside the order changes they
/// report (``SQLiteOrderRows/webhook(_:enabled:order:destination:now:)``), leased to a dispatcher like jobs.
extension SQLiteServiceStore {
    public func setWebhookOutbox(enabled: Bool) {
        webhookOutbox.withLock { $0 = enabled }
    }

    /// Whether order changes write outbox rows; read once per transaction.
    var writesWebhooks: Bool { webhookOutbox.withLock { $0 } }

    public func claimWebhook(worker: String, now: Date, lease: TimeInterval) async throws -> WebhookOutboxEntry? {
        try await transactor.statements { db in
            let seconds = now.timeIntervalSince1970
            // An order's events go one at a time, oldest first: a row waits while an older one of
            // its order is still pending or being sent (a given-up one no longer holds the rest back).
            let due = """
                FROM webhook_outbox o
                WHERE ((o.state = 'pending' AND o.run_after <= ?) OR (o.state = 'sending' AND o.lease_until < ?))
                  AND NOT EXISTS (SELECT 1 FROM webhook_outbox e
                                  WHERE e.order_id = o.order_id AND e.seq < o.seq AND e.state IN ('pending', 'sending'))
                """
            // A read first, so that idle polling never takes the write lock.
            guard !(try await db.query("SELECT 1 \(due) LIMIT 1", [.float(seconds), .float(seconds)])).isEmpty else { return nil }
            // One UPDATE … RETURNING: one write transaction, so two dispatchers never claim the same row.
            let rows = try await db.query(
                """
                UPDATE webhook_outbox SET state = 'sending', lease_owner = ?, lease_until = ?, attempts = attempts + 1
                WHERE seq = (SELECT o.seq \(due) ORDER BY o.run_after, o.seq LIMIT 1)
                RETURNING \(Self.webhookColumns)
                """,
                [.text(worker), .float(seconds + lease), .float(seconds), .float(seconds)])
            return rows.first.flatMap(Self.webhookEntry)
        }
    }

    public func finishWebhook(id: String, worker: String, outcome: WebhookOutboxEntry.Outcome, now: Date) async throws {
        let (state, runAfter, error, attemptsDelta): (WebhookOutboxEntry.State, Date?, String?, Int) =
            switch outcome {
            case .delivered: (.delivered, nil, nil, 0)
            case .retry(let at, let error): (.pending, at, error, 0)
            case .gaveUp(let error): (.failed, nil, error, 0)
            case .released: (.pending, now, nil, -1)
            }
        try await transactor.statements { db in
            _ = try await db.query(
                """
                UPDATE webhook_outbox SET state = ?, run_after = COALESCE(?, run_after), last_error = COALESCE(?, last_error),
                    attempts = attempts + ?, lease_owner = NULL, lease_until = NULL,
                    finished_at = CASE WHEN ? IN ('delivered', 'failed') THEN ? ELSE NULL END
                WHERE id = ? AND lease_owner = ? AND state = 'sending'
                """,
                [.text(state.rawValue), runAfter.map { .float($0.timeIntervalSince1970) } ?? .null, error.map { .text($0) } ?? .null,
                 .integer(attemptsDelta), .text(state.rawValue), .float(now.timeIntervalSince1970), .text(id), .text(worker)])
        }
    }

    public func webhooks(order: String) async throws -> [WebhookOutboxEntry] {
        try await transactor.read { db in
            try await db.query("SELECT \(Self.webhookColumns) FROM webhook_outbox WHERE order_id = ? ORDER BY seq", [.text(order)])
                .compactMap(Self.webhookEntry)
        }
    }

    public func purgeWebhooks(finishedBefore date: Date) async throws -> Int {
        try await transactor.statements { db in
            try await db.query(
                "DELETE FROM webhook_outbox WHERE state IN ('delivered', 'failed') AND finished_at < ? RETURNING seq",
                [.float(date.timeIntervalSince1970)]
            ).count
        }
    }

    private static let webhookColumns = "id, order_id, type, data, created_at, state, attempts, last_error"

    private static func webhookEntry(_ row: SQLiteRow) -> WebhookOutboxEntry? {
        guard let id = row.column("id")?.string, let order = row.column("order_id")?.string,
              let state = row.column("state")?.string.flatMap(WebhookOutboxEntry.State.init(rawValue:))
        else { return nil }
        let event = WebhookEvent(
            id: id, type: row.column("type")?.string ?? WebhookEvent.orderUpdated, createdAt: SQLiteOrderRows.date(row, "created_at"),
            data: Data((row.column("data")?.string ?? "{}").utf8))
        return WebhookOutboxEntry(
            event: event, orderID: order, state: state, attempts: Int(row.column("attempts")?.integer ?? 0),
            lastError: row.column("last_error")?.string)
    }
}

extension SQLiteOrderRows {
    /// Writes an `order.updated` outbox row for the order as it now is (`id`, `reference`,
    /// `status`), plus the delivery to `destination` when the event reports one (its delivery
    /// ended, or a lab reported a stage): ``WebhookEvent/OrderUpdate``, read from the rows this
    /// transaction wrote, so it is `GET /v1/orders/{id}`'s object. Nothing when `enabled` is off
    /// (no webhook configured).
    static func webhook(_ db: SQLiteConnection, enabled: Bool, order: String, destination: String? = nil, now: Date) async throws {
        guard enabled,
              let row = try await db.query("SELECT reference, status FROM orders WHERE id = ?", [.text(order)]).first
        else { return }
        let delivery = if let destination { try await deliveries(db, order: order, destination: destination).first } else { OrderRecord.Delivery?.none }
        let json = try WebhookEvent.OrderUpdate(
            order: .init(id: order, reference: row.column("reference")?.string ?? "", status: row.column("status")?.string ?? ""),
            delivery: delivery
        ).encoded()
        _ = try await db.query(
            """
            INSERT INTO webhook_outbox (id, order_id, type, data, created_at, state, run_after)
            VALUES ('evt_' || lower(hex(randomblob(12))), ?, ?, ?, ?, 'pending', ?)
            """,
            [.text(order), .text(WebhookEvent.orderUpdated), .text(String(decoding: json, as: UTF8.self)),
             .float(now.timeIntervalSince1970), .float(now.timeIntervalSince1970)])
    }
}
