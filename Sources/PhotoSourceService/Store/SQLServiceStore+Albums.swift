public import Foundation

/// Whole-album order lines in the store (either engine): the photos an album's listing found,
/// added as lines of their own exactly once each (the `order_items_by_scope_line` index).
extension SQLServiceStore {
    public func addAlbumLines(order: String, line: Int, itemIDs: [String], now: Date) async throws -> Int {
        try await database.write { db in
            let pending = try await db.query(
                "SELECT idx FROM order_items WHERE order_id = ? AND idx = ? AND state = 'pending' AND scope IS NOT NULL AND scope_line IS NULL",
                [.text(order), .integer(line)])
            guard !pending.isEmpty else { return 0 }
            var next = try await db.query("SELECT MAX(idx) AS last FROM order_items WHERE order_id = ?", [.text(order)])
                .first?.int("last").map { $0 + 1 } ?? 0
            var added = 0
            // Writes are one at a time on both engines (SQLite's lock, PostgreSQL's advisory lock),
            // so `next` cannot be taken meanwhile; a photo already added conflicts and is skipped.
            for itemID in itemIDs {
                let inserted = try await db.query(
                    """
                    INSERT INTO order_items (order_id, idx, source_id, item_id, scope, scope_line, copies, product, state, layout)
                    SELECT order_id, ?, source_id, ?, scope, idx, copies, product, 'pending', layout
                    FROM order_items WHERE order_id = ? AND idx = ?
                    ON CONFLICT (order_id, scope_line, item_id) DO NOTHING RETURNING idx
                    """,
                    [.integer(next), .text(itemID), .text(order), .integer(line)])
                guard !inserted.isEmpty else { continue }
                next += 1
                added += 1
            }
            return added
        }
    }

    @discardableResult
    public func finishAlbumLine(order: String, line: Int, now: Date) async throws -> Int {
        try await database.write { db in
            let photos = try await db.query(
                "SELECT COUNT(*) AS n FROM order_items WHERE order_id = ? AND scope_line = ?", [.text(order), .integer(line)])
                .first?.int("n") ?? 0
            guard photos > 0 else { return 0 }
            let changed = try await db.query(
                "UPDATE order_items SET state = 'expanded' WHERE order_id = ? AND idx = ? AND state = 'pending' RETURNING idx",
                [.text(order), .integer(line)])
            guard !changed.isEmpty else { return photos }
            try await StoreOrderRows.event(
                db, order: order, type: "order.item", ["orderId": order, "index": line, "state": "expanded", "photos": photos], now: now)
            return photos
        }
    }
}
