public import Foundation
import NIOCore
import SQLiteNIO

extension SQLiteServiceStore {
    private static let deviceGrantColumns = "session_id, source_id, sealed_device_code, status, interval_seconds, last_poll_at, expires_at"

    public func saveDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await connection.query(
            """
            INSERT INTO device_grants (\(Self.deviceGrantColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (session_id, source_id) DO UPDATE SET sealed_device_code = excluded.sealed_device_code,
                status = excluded.status, interval_seconds = excluded.interval_seconds,
                last_poll_at = excluded.last_poll_at, expires_at = excluded.expires_at
            """,
            [.text(grant.session), .text(grant.source), .blob(ByteBuffer(bytes: grant.sealedDeviceCode)), .text(grant.status.rawValue),
             .float(grant.intervalSeconds), .float(grant.lastPollAt.timeIntervalSince1970), .float(grant.expiresAt.timeIntervalSince1970)])
    }

    public func deviceGrant(session: String, source: String) async throws -> DeviceGrant? {
        let rows = try await connection.query(
            "SELECT \(Self.deviceGrantColumns) FROM device_grants WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
        return rows.first.flatMap(Self.deviceGrant(from:))
    }

    public func claimDeviceGrantPoll(session: String, source: String, now: Date) async throws -> DeviceGrant? {
        // One UPDATE … RETURNING: of two instances asking at once, only one sees the row come back.
        // RETURNING gives the new last_poll_at; the caller only needs the code and the interval.
        let seconds = SQLiteData.float(now.timeIntervalSince1970)
        let rows = try await connection.query(
            """
            UPDATE device_grants SET last_poll_at = ?1
            WHERE session_id = ?2 AND source_id = ?3 AND status = 'pending' AND expires_at > ?1 AND last_poll_at + interval_seconds <= ?1
            RETURNING \(Self.deviceGrantColumns)
            """,
            [seconds, .text(session), .text(source)])
        return rows.first.flatMap(Self.deviceGrant(from:))
    }

    public func updateDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await connection.query(
            """
            UPDATE device_grants SET status = ?, interval_seconds = ?, last_poll_at = ?
            WHERE session_id = ? AND source_id = ? AND sealed_device_code = ?
            """,
            [.text(grant.status.rawValue), .float(grant.intervalSeconds), .float(grant.lastPollAt.timeIntervalSince1970),
             .text(grant.session), .text(grant.source), .blob(ByteBuffer(bytes: grant.sealedDeviceCode))])
    }

    public func deleteDeviceGrant(_ grant: DeviceGrant) async throws {
        _ = try await connection.query(
            "DELETE FROM device_grants WHERE session_id = ? AND source_id = ? AND sealed_device_code = ?",
            [.text(grant.session), .text(grant.source), .blob(ByteBuffer(bytes: grant.sealedDeviceCode))])
    }

    private static func deviceGrant(from row: SQLiteRow) -> DeviceGrant? {
        guard let session = row.column("session_id")?.string, let source = row.column("source_id")?.string,
              let code = row.column("sealed_device_code")?.blob, let status = row.column("status")?.string.flatMap({ DeviceGrant.Status(rawValue: $0) }),
              let interval = row.column("interval_seconds")?.double, let lastPoll = row.column("last_poll_at")?.double,
              let expires = row.column("expires_at")?.double
        else { return nil }
        return DeviceGrant(
            session: session, source: source, sealedDeviceCode: Data(code.readableBytesView), status: status, intervalSeconds: interval,
            lastPollAt: Date(timeIntervalSince1970: lastPoll), expiresAt: Date(timeIntervalSince1970: expires))
    }
}
