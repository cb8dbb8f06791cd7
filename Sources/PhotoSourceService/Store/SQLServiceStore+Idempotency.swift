public import Foundation

/// Idempotency keys of orders, independent of sessions: `POST /v1/orders` looks a key up among
/// the orders made within the key's lifetime (``OrderSettings/idempotencySeconds``).
extension SQLServiceStore {
    public func order(idempotencyKey: String, owner: String?, createdSince: Date) async throws -> OrderRecord? {
        let ownerFilter = owner == nil ? "" : " AND owner = ?"
        let ownerBind = owner.map { [StoreValue.text($0)] } ?? []
        return try await database.read { db in
            try await StoreOrderRows.order(
                db, where: "idempotency_key = ? AND created_at >= ?\(ownerFilter) ORDER BY created_at DESC, id DESC LIMIT 1",
                [.text(idempotencyKey), .date(createdSince)] + ownerBind)
        }
    }
}
