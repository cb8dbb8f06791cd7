public import Foundation
import PhotoSourceKit

/// Orders, their lines and their events in the SQLite store (the job queue is in `+OrderJobs`).
extension SQLServiceStore: OrderStore {
    public func createOrder(_ order: OrderRecord, now: Date) async throws -> OrderRecord {
        let created = try await database.write { db -> OrderRecord? in
            // ON CONFLICT … DO NOTHING: a second order with the same key (two requests racing) writes nothing.
            let inserted = try await db.query(
                """
                INSERT INTO orders (id, owner, session_id, idempotency_key, request_hash, reference, product, status, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner, idempotency_key) DO NOTHING RETURNING id
                """,
                [.text(order.id), .text(order.owner), .text(order.session), .text(order.idempotencyKey),
                 .text(order.requestHash), .text(order.reference), .text(order.product), .text(OrderStatus.accepted.rawValue),
                 .date(now), .date(now)])
            guard !inserted.isEmpty else {
                return try await StoreOrderRows.order(
                    db, where: "owner = ? AND idempotency_key = ?", [.text(order.owner), .text(order.idempotencyKey)])
            }
            for item in order.items {
                _ = try await db.query(
                    "INSERT INTO order_items (order_id, idx, source_id, item_id, copies, product, state, scope) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
                    [.text(order.id), .integer(item.index), .text(item.source), .text(item.itemID), .integer(item.copies), .text(item.product),
                     .text(item.scope)])
            }
            try await StoreOrderRows.writeDetails(db, of: order)
            for delivery in order.deliveries {
                _ = try await db.query(
                    "INSERT INTO deliveries (order_id, destination_id, kind, state) VALUES (?, ?, ?, 'pending')",
                    [.text(order.id), .text(delivery.destinationID), .text(delivery.kind)])
            }
            _ = try await db.query(
                "INSERT INTO jobs (id, order_id, kind, state, run_after) VALUES (?, ?, 'materialise', 'ready', ?)",
                [.text(order.id + "/materialise"), .text(order.id), .date(now)])
            try await StoreOrderRows.event(
                db, order: order.id, type: "order.status", ["orderId": order.id, "status": OrderStatus.accepted.rawValue], now: now)
            try await StoreOrderRows.webhook(db, enabled: writesWebhooks, order: order.id, now: now)
            return try await StoreOrderRows.order(db, where: "id = ?", [.text(order.id)])
        }
        guard let created else { throw PhotoSourceError(.unknown, "The order \(order.id) was not stored; try again.") }
        return created
    }

    public func order(id: String) async throws -> OrderRecord? {
        try await database.read { db in try await StoreOrderRows.order(db, where: "id = ?", [.text(id)]) }
    }

    public func order(owner: String, idempotencyKey: String) async throws -> OrderRecord? {
        try await database.read { db in
            try await StoreOrderRows.order(db, where: "owner = ? AND idempotency_key = ?", [.text(owner), .text(idempotencyKey)])
        }
    }

    public func setStatus(order: String, to status: OrderStatus, from: Set<OrderStatus>, now: Date) async throws -> Bool {
        try await database.write { db in
            guard let current = try await StoreOrderRows.status(db, order: order), from.contains(current) else { return false }
            try await StoreOrderRows.changeStatus(db, order: order, to: status, now: now, webhooks: writesWebhooks)
            return true
        }
    }

    public func recordItem(order: String, index: Int, outcome: Result<MaterialisedAsset, OrderItemFailure>, now: Date) async throws {
        try await database.write { db in
            switch outcome {
            case .success(let asset):
                let json = String(decoding: try JSONEncoder().encode(asset), as: UTF8.self)
                let changed = try await db.query(
                    "UPDATE order_items SET state = 'materialised', asset = ? WHERE order_id = ? AND idx = ? AND state = 'pending' RETURNING idx",
                    [.text(json), .text(order), .integer(index)])
                guard !changed.isEmpty else { return }
                var data: [String: any Sendable] = ["orderId": order, "index": index, "state": "materialised", "md5": asset.md5]
                if !asset.warnings.isEmpty { data["warnings"] = asset.warnings }
                try await StoreOrderRows.event(db, order: order, type: "order.item", data, now: now)
            case .failure(let failure):
                let changed = try await db.query(
                    """
                    UPDATE order_items SET state = 'failed', error_code = ?, error_message = ?
                    WHERE order_id = ? AND idx = ? AND state = 'pending' RETURNING idx
                    """,
                    [.text(failure.code), .text(failure.message), .text(order), .integer(index)])
                guard !changed.isEmpty else { return }
                try await StoreOrderRows.event(
                    db, order: order, type: "order.item",
                    ["orderId": order, "index": index, "state": "failed", "errorCode": failure.code], now: now)
            }
        }
    }

    public func events(order: String, after: Int64, limit: Int) async throws -> [OrderEvent] {
        try await database.read { db in
            try await db.query(
                "SELECT id, type, data, created_at FROM order_events WHERE order_id = ? AND id > ? ORDER BY id LIMIT ?",
                [.text(order), .integer(Int(after)), .integer(limit)]
            ).map { row in
                OrderEvent(
                    id: Int64(row.int("id") ?? 0), orderID: order, type: row.string("type") ?? "",
                    data: row.string("data") ?? "{}", createdAt: StoreOrderRows.date(row, "created_at"))
            }
        }
    }
}
