/// Revoking a customer session (`DELETE /v1/sessions/current`).
extension SQLServiceStore {
    public func deleteSession(id: String) async throws {
        // sign_ins, authorizations, device_grants and idempotency reference sessions ON DELETE CASCADE.
        try await database.write { db in
            _ = try await db.query("DELETE FROM sessions WHERE id = ?", [.text(id)])
        }
    }
}
