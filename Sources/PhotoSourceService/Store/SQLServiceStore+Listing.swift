public import Foundation

/// `GET /v1/orders`' query: keyset pagination over `(created_at, id)`, so a page never repeats
/// or skips an order however many are added meanwhile.
extension SQLServiceStore {
    public func orders(_ query: OrderListQuery) async throws -> [OrderRecord] {
        var conditions: [String] = []
        var binds: [StoreValue] = []
        if let owner = query.owner {
            conditions.append("owner = ?")
            binds.append(.text(owner))
        }
        if let reference = query.reference {
            conditions.append("reference = ?")
            binds.append(.text(reference))
        }
        if let status = query.status {
            conditions.append("status = ?")
            binds.append(.text(status.rawValue))
        }
        if let createdAfter = query.createdAfter {
            conditions.append("created_at > ?")
            binds.append(.date(createdAfter))
        }
        if let after = query.after {
            conditions.append("(created_at > ? OR (created_at = ? AND id > ?))")
            binds += [.double(after.createdAt), .double(after.createdAt), .text(after.id)]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let allBinds = binds + [.integer(max(0, query.limit))]
        return try await database.read { db in
            let ids = try await db.query("SELECT id FROM orders \(filter) ORDER BY created_at, id LIMIT ?", allBinds).compactMap { $0.string("id") }
            var orders: [OrderRecord] = []
            for id in ids {
                if let order = try await StoreOrderRows.order(db, where: "id = ?", [.text(id)]) { orders.append(order) }
            }
            return orders
        }
    }
}
