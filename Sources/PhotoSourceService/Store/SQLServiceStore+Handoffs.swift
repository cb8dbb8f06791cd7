public import Foundation

/// Hand-offs in the store (``HandoffStore``): written once for SQLite and PostgreSQL.
extension SQLServiceStore: HandoffStore {
    private static let handoffColumns = """
        id, image_token_hash, return_token_hash, session_id, customer_key, source_id, item_id, handler_id, action, custom_id, \
        launch_origin, received_title, created_at, expires_at, used_at, returned_at
        """

    public func createHandoff(_ handoff: Handoff, webhook event: WebhookEvent?) async throws {
        try await database.write { db in
            _ = try await db.query(
            "INSERT INTO handoffs (\(Self.handoffColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(handoff.id), .text(handoff.imageTokenHash), .text(handoff.returnTokenHash), .text(handoff.sessionID),
             .text(handoff.customerKey), .text(handoff.sourceID), .text(handoff.itemID), .text(handoff.handlerID), .text(handoff.action),
             .text(handoff.customID), .text(handoff.launchOrigin), .text(handoff.receivedTitle), .date(handoff.createdAt),
             .date(handoff.expiresAt), .date(handoff.usedAt), .date(handoff.returnedAt)])
            guard let event else { return }
            _ = try await db.query(
                "INSERT INTO webhook_outbox (id, order_id, type, data, created_at, state, run_after) VALUES (?, NULL, ?, ?, ?, 'pending', ?)",
                [.text(event.id), .text(event.type), .text(String(decoding: event.data, as: UTF8.self)), .date(event.createdAt), .date(event.createdAt)])
        }
    }

    public func handoff(imageTokenHash hash: String) async throws -> Handoff? {
        try await handoff(where: "image_token_hash", is: hash)
    }

    public func handoff(returnTokenHash hash: String) async throws -> Handoff? {
        try await handoff(where: "return_token_hash", is: hash)
    }

    public func takeHandoffImage(tokenHash hash: String, now: Date) async throws -> HandoffClaim {
        try await take(column: "image_token_hash", spent: "used_at", hash: hash, now: now)
    }

    public func takeHandoffReturn(tokenHash hash: String, now: Date) async throws -> HandoffClaim {
        try await take(column: "return_token_hash", spent: "returned_at", hash: hash, now: now)
    }

    public func purgeHandoffs(expiredBefore date: Date) async throws -> Int {
        try await database.shared.query("DELETE FROM handoffs WHERE expires_at < ? RETURNING id", [.date(date)]).count
    }

    /// One conditional `UPDATE … RETURNING`: only the call that finds the token unspent and
    /// unexpired gets the row back; the others read why not.
    private func take(column: String, spent: String, hash: String, now: Date) async throws -> HandoffClaim {
        let rows = try await database.shared.query(
            "UPDATE handoffs SET \(spent) = ? WHERE \(column) = ? AND \(spent) IS NULL AND expires_at > ? RETURNING \(Self.handoffColumns)",
            [.date(now), .text(hash), .date(now)])
        if let taken = rows.first.flatMap(Self.handoff(from:)) { return .taken(taken) }
        guard let found = try await handoff(where: column, is: hash) else { return .unknown }
        let spentAt = spent == "used_at" ? found.usedAt : found.returnedAt
        return spentAt != nil ? .used : .expired
    }

    private func handoff(where column: String, is hash: String) async throws -> Handoff? {
        try await database.shared.query("SELECT \(Self.handoffColumns) FROM handoffs WHERE \(column) = ?", [.text(hash)])
            .first.flatMap(Self.handoff(from:))
    }

    private static func handoff(from row: StoreRow) -> Handoff? {
        guard let id = row.string("id"), let image = row.string("image_token_hash"), let session = row.string("session_id"),
              let customer = row.string("customer_key"), let source = row.string("source_id"), let item = row.string("item_id"),
              let title = row.string("received_title"), let created = row.date("created_at"), let expires = row.date("expires_at")
        else { return nil }
        return Handoff(
            id: id, imageTokenHash: image, returnTokenHash: row.string("return_token_hash"), sessionID: session, customerKey: customer,
            sourceID: source, itemID: item, handlerID: row.string("handler_id"), action: row.string("action"),
            customID: row.string("custom_id"), launchOrigin: row.string("launch_origin"), receivedTitle: title, createdAt: created,
            expiresAt: expires, usedAt: row.date("used_at"), returnedAt: row.date("returned_at"))
    }
}
