public import Foundation

/// The order pipeline's job queue and step transitions in the SQLite store.
extension SQLServiceStore {
    public func claimJob(worker: String, now: Date, lease: TimeInterval) async throws -> OrderJob? {
        try await database.statements { db in
            let seconds = now.timeIntervalSince1970
            // Idle workers poll: a read first, so that polling never takes the write lock.
            let runnable = try await db.query(
                "SELECT 1 FROM jobs WHERE (state = 'ready' AND run_after <= ?) OR (state = 'running' AND lease_until < ?) LIMIT 1",
                [.double(seconds), .double(seconds)])
            guard !runnable.isEmpty else { return nil }
            // One statement, so one write transaction (SQLite takes the write lock as it starts, as
            // BEGIN IMMEDIATE would): no other worker or instance claims between the SELECT and the UPDATE.
            let rows = try await db.query(
                """
                UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1
                WHERE id = (SELECT id FROM jobs
                            WHERE (state = 'ready' AND run_after <= ?) OR (state = 'running' AND lease_until < ?)
                            ORDER BY run_after LIMIT 1\(db.dialect.skipLocked("jobs")))
                RETURNING id, order_id, kind, destination_id, attempts
                """,
                [.text(worker), .double(seconds + lease), .double(seconds), .double(seconds)])
            guard let row = rows.first, let id = row.string("id"), let order = row.string("order_id"),
                  let kind = row.string("kind").flatMap(OrderJob.Kind.init(rawValue:))
            else { return nil }
            return OrderJob(
                id: id, orderID: order, kind: kind, destinationID: row.string("destination_id"),
                attempts: Int(row.int("attempts") ?? 1))
        }
    }

    public func renewLease(job: String, worker: String, until: Date) async throws -> Bool {
        try await database.statements { db in
            !(try await db.query(
                "UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running' RETURNING id",
                [.date(until), .text(job), .text(worker)])).isEmpty
        }
    }

    public func retryJob(_ job: String, worker: String, runAfter: Date, error: String) async throws {
        try await database.statements { db in
            _ = try await db.query(
                """
                UPDATE jobs SET state = 'ready', run_after = ?, lease_owner = NULL, lease_until = NULL, last_error = ?
                WHERE id = ? AND lease_owner = ? AND state = 'running'
                """,
                [.date(runAfter), .text(error), .text(job), .text(worker)])
        }
    }

    public func finishJob(_ job: String, worker: String) async throws {
        try await database.write { db in try await Self.finish(db, job: job, worker: worker) }
    }

    public func finishMaterialising(order: String, job: String, worker: String, now: Date) async throws {
        try await database.write { db in
            try await Self.finish(db, job: job, worker: worker)
            guard let status = try await StoreOrderRows.status(db, order: order), !status.isFinal else { return }
            let materialised = try await db.query(
                "SELECT COUNT(*) AS n FROM order_items WHERE order_id = ? AND state = 'materialised'", [.text(order)])
                .first?.int("n") ?? 0
            guard materialised > 0 else {
                _ = try await db.query(
                    """
                    UPDATE deliveries SET state = 'failed', error_code = 'not-found', error_message = 'No item of the order could be fetched.'
                    WHERE order_id = ? AND state = 'pending'
                    """, [.text(order)])
                try await StoreOrderRows.changeStatus(db, order: order, to: .failed, now: now, webhooks: writesWebhooks)
                return
            }
            // ON CONFLICT DO NOTHING with stable ids: finishing twice (after a crash) queues each delivery once.
            _ = try await db.query(
                """
                INSERT INTO jobs (id, order_id, kind, destination_id, state, run_after)
                SELECT order_id || '/deliver/' || destination_id, order_id, 'deliver', destination_id, 'ready', ?
                FROM deliveries WHERE order_id = ? AND state = 'pending' ON CONFLICT DO NOTHING
                """, [.date(now), .text(order)])
            if status != .delivering { try await StoreOrderRows.changeStatus(db, order: order, to: .delivering, now: now, webhooks: writesWebhooks) }
        }
    }

    public func startDelivery(order: String, destination: String, now: Date) async throws -> Bool {
        try await database.write { db in
            let rows = try await db.query(
                "UPDATE deliveries SET state = 'delivering' WHERE order_id = ? AND destination_id = ? AND state IN ('pending', 'delivering') RETURNING state",
                [.text(order), .text(destination)])
            return !rows.isEmpty
        }
    }

    public func recordDeliveryItems(order: String, destination: String, results: [ItemDeliveryResult], now: Date) async throws {
        try await database.write { db in
            for result in results {
                _ = try await db.query(
                    """
                    INSERT INTO delivery_items (order_id, destination_id, idx, delivered, error_code, error_message) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (order_id, destination_id, idx) DO UPDATE SET
                        delivered = excluded.delivered, error_code = excluded.error_code, error_message = excluded.error_message
                    """,
                    [.text(order), .text(destination), .integer(result.index), .integer(result.delivered ? 1 : 0),
                     .text(result.errorCode), .text(result.message)])
            }
        }
    }

    public func finishDelivery(
        order: String, destination: String, job: String, worker: String, outcome: DeliveryOutcome, now: Date
    ) async throws {
        try await database.write { db in
            try await Self.finish(db, job: job, worker: worker)
            let (state, code, message, external): (DeliveryState, String?, String?, String?) =
                switch outcome {
                case .delivered: (.delivered, nil, nil, nil)
                case .partiallyDelivered: (.partiallyDelivered, nil, nil, nil)
                case .failed(let code, let message): (.failed, code, message, nil)
                case .accepted(let externalID): (.accepted, nil, nil, externalID)
                }
            let changed = try await db.query(
                """
                UPDATE deliveries SET state = ?, error_code = ?, error_message = ?, external_id = COALESCE(?, external_id)
                WHERE order_id = ? AND destination_id = ? AND state IN ('pending', 'delivering') RETURNING state
                """,
                [.text(state.rawValue), .text(code), .text(message),
                 .text(external), .text(order), .text(destination)])
            guard !changed.isEmpty else { return }
            var data: [String: any Sendable] = ["orderId": order, "destination": destination, "state": state.rawValue]
            if let code { data["errorCode"] = code }
            try await StoreOrderRows.event(db, order: order, type: "order.delivery", data, now: now)
            if state.isFinal {
                try await StoreOrderRows.webhook(db, enabled: writesWebhooks, order: order, destination: destination, now: now)
            }
            try await StoreOrderRows.finishIfDone(db, order: order, now: now, webhooks: writesWebhooks)
        }
    }

    private static func finish(_ db: any StoreConnection, job: String, worker: String) async throws {
        _ = try await db.query(
            "UPDATE jobs SET state = 'done', lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ? AND state = 'running'",
            [.text(job), .text(worker)])
    }
}
