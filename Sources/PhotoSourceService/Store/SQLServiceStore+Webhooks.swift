public import Foundation
import Synchronization

/// The shop's webhook outbox in the store: rows written beside the order changes they
/// report (``StoreOrderRows/webhook(_:enabled:order:destination:now:)``), leased to a dispatcher like jobs.
extension SQLServiceStore {
    public func setWebhookOutbox(enabled: Bool) {
        webhookOutbox.withLock { $0 = enabled }
    }

    /// Whether order changes write outbox rows; read once per transaction.
    var writesWebhooks: Bool { webhookOutbox.withLock { $0 } }

    public func claimWebhook(worker: String, now: Date, lease: TimeInterval) async throws -> WebhookOutboxEntry? {
        try await database.statements { db in
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
            guard !(try await db.query("SELECT 1 \(due) LIMIT 1", [.double(seconds), .double(seconds)])).isEmpty else { return nil }
            // One UPDATE … RETURNING: one write transaction, so two dispatchers never claim the same row.
            let rows = try await db.query(
                """
                UPDATE webhook_outbox SET state = 'sending', lease_owner = ?, lease_until = ?, attempts = attempts + 1
                WHERE seq = (SELECT o.seq \(due) ORDER BY o.run_after, o.seq LIMIT 1\(db.dialect.skipLocked("o")))
                RETURNING \(Self.webhookColumns)
                """,
                [.text(worker), .double(seconds + lease), .double(seconds), .double(seconds)])
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
        try await database.statements { db in
            _ = try await db.query(
                """
                UPDATE webhook_outbox SET state = ?, run_after = COALESCE(?, run_after), last_error = COALESCE(?, last_error),
                    attempts = attempts + ?, lease_owner = NULL, lease_until = NULL,
                    finished_at = CASE WHEN ? IN ('delivered', 'failed') THEN ? ELSE NULL END
                WHERE id = ? AND lease_owner = ? AND state = 'sending'
                """,
                [.text(state.rawValue), .date(runAfter), .text(error),
                 .integer(attemptsDelta), .text(state.rawValue), .date(now), .text(id), .text(worker)])
        }
    }

    public func webhooks(order: String) async throws -> [WebhookOutboxEntry] {
        try await database.read { db in
            try await db.query("SELECT \(Self.webhookColumns) FROM webhook_outbox WHERE order_id = ? ORDER BY seq", [.text(order)])
                .compactMap(Self.webhookEntry)
        }
    }

    public func purgeWebhooks(finishedBefore date: Date) async throws -> Int {
        try await database.statements { db in
            try await db.query(
                "DELETE FROM webhook_outbox WHERE state IN ('delivered', 'failed') AND finished_at < ? RETURNING seq",
                [.date(date)]
            ).count
        }
    }

    static let webhookColumns = "id, order_id, type, data, created_at, state, attempts, last_error"

    static func webhookEntry(_ row: StoreRow) -> WebhookOutboxEntry? {
        guard let id = row.string("id"),
              let state = row.string("state").flatMap(WebhookOutboxEntry.State.init(rawValue:))
        else { return nil }
        let event = WebhookEvent(
            id: id, type: row.string("type") ?? WebhookEvent.orderUpdated, createdAt: StoreOrderRows.date(row, "created_at"),
            data: Data((row.string("data") ?? "{}").utf8))
        return WebhookOutboxEntry(
            event: event, orderID: row.string("order_id"), state: state, attempts: Int(row.int("attempts") ?? 0),
            lastError: row.string("last_error"))
    }
}

extension StoreOrderRows {
    /// Writes an `order.updated` outbox row for the order as it now is (`id`, `reference`,
    /// `status`), plus the delivery to `destination` when the event reports one (its delivery
    /// ended, or a lab reported a stage): ``WebhookEvent/OrderUpdate``, read from the rows this
    /// transaction wrote, so it is `GET /v1/orders/{id}`'s object. Nothing when `enabled` is off
    /// (no webhook configured).
    static func webhook(_ db: any StoreConnection, enabled: Bool, order: String, destination: String? = nil, now: Date) async throws {
        guard enabled,
              let row = try await db.query("SELECT reference, status FROM orders WHERE id = ?", [.text(order)]).first
        else { return }
        let delivery = if let destination { try await deliveries(db, order: order, destination: destination).first } else { OrderRecord.Delivery?.none }
        let json = try WebhookEvent.OrderUpdate(
            order: .init(id: order, reference: row.string("reference") ?? "", status: row.string("status") ?? ""),
            delivery: delivery
        ).encoded()
        _ = try await db.query(
            """
            INSERT INTO webhook_outbox (id, order_id, type, data, created_at, state, run_after)
            VALUES (?, ?, ?, ?, ?, 'pending', ?)
            """,
            [.text(eventID()), .text(order), .text(WebhookEvent.orderUpdated), .text(String(decoding: json, as: UTF8.self)),
             .date(now), .date(now)])
    }
}

extension StoreOrderRows {
    /// A new outbox event id: `evt_` and 24 random hex digits (12 random bytes).
    static func eventID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "evt_" + (0..<12).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
