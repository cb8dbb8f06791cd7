import Foundation
import PhotoSourceKit

/// The store's schema, as numbered steps applied in order and recorded in `schema_migrations`.
///
/// Steps are only ever appended: a released step never changes. They are written once, with
/// SQLite's column types, which ``StoreDialect/schema(_:)`` turns into PostgreSQL's.
enum StoreMigrations {
    /// The steps; the array index + 1 is the version.
    static let steps: [[String]] = [
        [
            """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE,
                created_at REAL NOT NULL, expires_at REAL NOT NULL)
            """,
            "CREATE INDEX sessions_expiry ON sessions(expires_at)",
            """
            CREATE TABLE sign_ins (
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                source_id TEXT NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (session_id, source_id))
            """,
            """
            CREATE TABLE authorizations (
                state TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                source_id TEXT NOT NULL, sealed_verifier BLOB NOT NULL, expires_at REAL NOT NULL)
            """,
            """
            CREATE TABLE idempotency (
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, key TEXT NOT NULL,
                request_hash TEXT NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL, created_at REAL NOT NULL,
                PRIMARY KEY (session_id, key))
            """,
        ],
        // 2: device-flow sign-ins in flight, one per session and source (the device code sealed).
        [
            """
            CREATE TABLE device_grants (
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, source_id TEXT NOT NULL,
                sealed_device_code BLOB NOT NULL, status TEXT NOT NULL, interval_seconds REAL NOT NULL,
                last_poll_at REAL NOT NULL, expires_at REAL NOT NULL, PRIMARY KEY (session_id, source_id))
            """,
            "CREATE INDEX device_grants_expiry ON device_grants(expires_at)",
        ],
    ] + orderSteps + webhookSteps + orderDetailSteps + labSteps + scopeSteps + catalogSteps + handoffSteps

    /// Applies every step newer than the database's version on `db`, which the engine has
    /// already made exclusive (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's advisory lock), so two
    /// instances starting at once apply each step once. Returns the version reached.
    ///
    /// - Throws: `.invalidData` when the database was written by a newer schema.
    @discardableResult
    static func apply(_ db: any StoreConnection, now: Date = Date()) async throws -> Int {
        _ = try await db.query(db.dialect.schema("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"))
        let current = try await db.query("SELECT MAX(version) AS version FROM schema_migrations").first?.int("version") ?? 0
        guard current <= steps.count else {
            throw PhotoSourceError(
                .invalidData, "The service's database is at schema version \(current), newer than this build's \(steps.count); run a newer photosource.")
        }
        for version in (current + 1)...max(current + 1, steps.count) where version <= steps.count {
            for statement in steps[version - 1] { _ = try await db.query(db.dialect.schema(statement)) }
            _ = try await db.query("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", [.integer(version), .date(now)])
        }
        return steps.count
    }
}
