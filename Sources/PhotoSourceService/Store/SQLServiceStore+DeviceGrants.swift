public import Foundation

extension SQLServiceStore {
    private static let deviceGrantColumns = "session_id, source_id, sealed_device_code, status, interval_seconds, last_poll_at, expires_at"

    public func saveDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await database.shared.query(
            """
            INSERT INTO device_grants (\(Self.deviceGrantColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (session_id, source_id) DO UPDATE SET sealed_device_code = excluded.sealed_device_code,
                status = excluded.status, interval_seconds = excluded.interval_seconds,
                last_poll_at = excluded.last_poll_at, expires_at = excluded.expires_at
            """,
            [.text(grant.session), .text(grant.source), .blob(grant.sealedDeviceCode), .text(grant.status.rawValue),
             .double(grant.intervalSeconds), .date(grant.lastPollAt), .date(grant.expiresAt)])
    }

    public func deviceGrant(session: String, source: String) async throws -> DeviceGrant? {
        let rows = try await database.shared.query(
            "SELECT \(Self.deviceGrantColumns) FROM device_grants WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
        return rows.first.flatMap(Self.deviceGrant(from:))
    }

    public func claimDeviceGrantPoll(session: String, source: String, now: Date) async throws -> DeviceGrant? {
        // One UPDATE … RETURNING: of two instances asking at once, only one sees the row come back.
        // RETURNING gives the new last_poll_at; the caller only needs the code and the interval.
        let seconds = StoreValue.date(now)
        let rows = try await database.shared.query(
            """
            UPDATE device_grants SET last_poll_at = ?
            WHERE session_id = ? AND source_id = ? AND status = 'pending' AND expires_at > ? AND last_poll_at + interval_seconds <= ?
            RETURNING \(Self.deviceGrantColumns)
            """,
            [seconds, .text(session), .text(source), seconds, seconds])
        return rows.first.flatMap(Self.deviceGrant(from:))
    }

    public func updateDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await database.shared.query(
            """
            UPDATE device_grants SET status = ?, interval_seconds = ?, last_poll_at = ?
            WHERE session_id = ? AND source_id = ? AND sealed_device_code = ?
            """,
            [.text(grant.status.rawValue), .double(grant.intervalSeconds), .date(grant.lastPollAt),
             .text(grant.session), .text(grant.source), .blob(grant.sealedDeviceCode)])
    }

    public func deleteDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await database.shared.query(
            "DELETE FROM device_grants WHERE session_id = ? AND source_id = ? AND sealed_device_code = ?",
            [.text(grant.session), .text(grant.source), .blob(grant.sealedDeviceCode)])
    }

    private static func deviceGrant(from row: StoreRow) -> DeviceGrant? {
        guard let session = row.string("session_id"), let source = row.string("source_id"),
              let code = row.data("sealed_device_code"), let status = row.string("status").flatMap({ DeviceGrant.Status(rawValue: $0) }),
              let interval = row.double("interval_seconds"), let lastPoll = row.date("last_poll_at"),
              let expires = row.date("expires_at")
        else { return nil }
        return DeviceGrant(
            session: session, source: source, sealedDeviceCode: code, status: status, intervalSeconds: interval,
            lastPollAt: lastPoll, expiresAt: expires)
    }
}
