import Foundation

/// The SQL the order store's transactions share: reading an order whole, writing events, and
/// moving an order's status together with its `order.status` event.
enum StoreOrderRows {
    /// The order matching `condition` (`id = ?`), with its lines and deliveries, or `nil`.
    static func order(_ db: any StoreConnection, where condition: String, _ binds: [StoreValue]) async throws -> OrderRecord? {
        let rows = try await db.query(
            """
            SELECT id, owner, session_id, idempotency_key, request_hash, reference, product, status, created_at, updated_at
            FROM orders WHERE \(condition)
            """, binds)
        guard let row = rows.first, let id = row.string("id") else { return nil }
        let items = try await db.query(
            """
            SELECT idx, source_id, item_id, scope, scope_line, copies, product, state, error_code, error_message, asset
            FROM order_items WHERE order_id = ? ORDER BY idx
            """,
            [.text(id)])
        var record = OrderRecord(
            id: id, owner: row.string("owner") ?? "", session: row.string("session_id"),
            idempotencyKey: row.string("idempotency_key") ?? "", requestHash: row.string("request_hash") ?? "",
            reference: row.string("reference") ?? "", product: row.string("product") ?? "",
            status: row.string("status").flatMap(OrderStatus.init(rawValue:)) ?? .failed,
            createdAt: date(row, "created_at"), updatedAt: date(row, "updated_at"), items: [], deliveries: [])
        record.items = items.map { item in
            OrderRecord.Item(
                index: Int(item.int("idx") ?? 0), source: item.string("source_id") ?? "",
                itemID: item.string("item_id") ?? "", scope: item.string("scope"), expandedFrom: item.int("scope_line"),
                copies: Int(item.int("copies") ?? 1),
                product: item.string("product") ?? "",
                state: item.string("state").flatMap(OrderRecord.Item.State.init(rawValue:)) ?? .failed,
                errorCode: item.string("error_code"), errorMessage: item.string("error_message"),
                asset: item.string("asset").flatMap { try? JSONDecoder().decode(MaterialisedAsset.self, from: Data($0.utf8)) })
        }
        record.deliveries = try await deliveries(db, order: id)
        try await readDetails(db, into: &record)
        return record
    }

    /// The order's deliveries (only the one to `destination` when it is named), each with what
    /// became of its items there.
    static func deliveries(_ db: any StoreConnection, order id: String, destination: String? = nil) async throws -> [OrderRecord.Delivery] {
        let only = destination.map { [StoreValue.text($0)] } ?? []
        let filter = destination == nil ? "" : " AND destination_id = ?"
        let deliveries = try await db.query(
            """
            SELECT destination_id, kind, state, stage, external_id, error_code, error_message, \(labColumns)
            FROM deliveries WHERE order_id = ?\(filter) ORDER BY destination_id
            """,
            [.text(id)] + only)
        let results = try await db.query(
            "SELECT destination_id, idx, delivered, error_code, error_message FROM delivery_items WHERE order_id = ?\(filter) ORDER BY idx",
            [.text(id)] + only)
        return deliveries.map { delivery in
            let destination = delivery.string("destination_id") ?? ""
            var record = OrderRecord.Delivery(
                destinationID: destination, kind: delivery.string("kind") ?? "",
                state: delivery.string("state").flatMap(DeliveryState.init(rawValue:)) ?? .failed,
                stage: delivery.string("stage"), externalID: delivery.string("external_id"),
                errorCode: delivery.string("error_code"), errorMessage: delivery.string("error_message"),
                items: results.filter { $0.string("destination_id") == destination }.map { result in
                    ItemDeliveryResult(
                        index: Int(result.int("idx") ?? 0), delivered: result.int("delivered") == 1,
                        errorCode: result.string("error_code"), message: result.string("error_message"))
                })
            readLabColumns(delivery, into: &record)
            return record
        }
    }

    /// The order's status, or `nil` when there is no such order.
    static func status(_ db: any StoreConnection, order: String) async throws -> OrderStatus? {
        try await db.query("SELECT status FROM orders WHERE id = ?", [.text(order)])
            .first?.string("status").flatMap(OrderStatus.init(rawValue:))
    }

    /// Moves the order to `status` and records the `order.status` event (and, with `webhooks`, the shop's `order.updated`).
    static func changeStatus(_ db: any StoreConnection, order: String, to status: OrderStatus, now: Date, webhooks: Bool) async throws {
        _ = try await db.query(
            "UPDATE orders SET status = ?, updated_at = ? WHERE id = ?", [.text(status.rawValue), .date(now), .text(order)])
        try await event(db, order: order, type: "order.status", ["orderId": order, "status": status.rawValue], now: now)
        try await webhook(db, enabled: webhooks, order: order, now: now)
    }

    /// Appends an event to the order's history.
    static func event(_ db: any StoreConnection, order: String, type: String, _ data: [String: any Sendable], now: Date) async throws {
        let json = try JSONSerialization.data(withJSONObject: data, options: [.sortedKeys, .withoutEscapingSlashes])
        _ = try await db.query(
            "INSERT INTO order_events (order_id, type, data, created_at) VALUES (?, ?, ?, ?)",
            [.text(order), .text(type), .text(String(decoding: json, as: UTF8.self)), .date(now)])
    }

    /// When every delivery of the order has ended (and the order has not), moves the order to its final status.
    static func finishIfDone(_ db: any StoreConnection, order: String, now: Date, webhooks: Bool) async throws {
        guard let current = try await status(db, order: order), !current.isFinal else { return }
        let states = try await db.query("SELECT state FROM deliveries WHERE order_id = ?", [.text(order)])
            .compactMap { $0.string("state").flatMap(DeliveryState.init(rawValue:)) }
        guard states.allSatisfy(\.isFinal) else { return }
        let failedItems = try await db.query(
            "SELECT COUNT(*) AS n FROM order_items WHERE order_id = ? AND state NOT IN ('materialised', 'expanded')", [.text(order)])
            .first?.int("n") ?? 0
        try await changeStatus(db, order: order, to: OrderStatus.final(deliveries: states, anyItemFailed: failedItems > 0), now: now, webhooks: webhooks)
    }

    static func date(_ row: StoreRow, _ column: String) -> Date {
        row.date(column) ?? Date(timeIntervalSince1970: 0)
    }
}
