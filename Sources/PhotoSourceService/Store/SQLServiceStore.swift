public import Foundation
import PhotoSourceKit
public import ServiceLifecycle
import Synchronization

/// The ``ServiceStore`` (and ``OrderStore``), written once in SQL for both engines: the embedded
/// SQLite file (``open(file:)``, the default) or a PostgreSQL database that several instances share.
///
/// It is a ServiceLifecycle `Service`: run beside the server, it closes the database after the
/// graceful shutdown (the server has drained by then). Otherwise call ``close()`` yourself.
public final class SQLServiceStore: ServiceStore, Service {
    /// The engine every query runs on.
    let database: any StoreDatabase
    /// Whether ``close()`` ran; a store dropped without it closes its connections in `deinit`.
    private let closed = Mutex(false)
    /// Whether order changes also write webhook outbox rows (``setWebhookOutbox(enabled:)``).
    let webhookOutbox = Mutex(false)

    init(database: any StoreDatabase) {
        self.database = database
    }

    /// Opens (creating if needed) the SQLite database at `file` and brings its schema up to date.
    ///
    /// The file is `0600` whatever the umask, with its `-wal` and `-shm` files; a missing folder
    /// is created `0700`.
    ///
    /// - Throws: `.accessDenied` or `.unknown` when the file cannot be opened; `.invalidData`
    ///   when it was written by a newer schema.
    public static func open(file: URL) async throws -> SQLServiceStore {
        SQLServiceStore(database: try await SQLiteDatabase.open(file: file))
    }

    /// Opens the PostgreSQL database at `url` (`postgres://user@host:5432/database?sslmode=…`),
    /// with `password` when the URL has none, and brings its schema up to date; instances starting
    /// at once on one database migrate it once.
    ///
    /// - Throws: `.invalidData` for a URL that is not usable or a schema newer than this build's;
    ///   `.connection` when the database cannot be reached or refuses the sign-in (the message
    ///   names it without the password).
    public static func open(postgres url: String, password: String? = nil) async throws -> SQLServiceStore {
        SQLServiceStore(database: try await PostgresDatabase.open(try PostgresLocation(url: url, password: password)))
    }

    /// Opens the store a configuration names: PostgreSQL at `database` when it is set, else the
    /// SQLite file `sqliteFile`.
    public static func open(database: String?, password: String?, sqliteFile: URL) async throws -> SQLServiceStore {
        if let database { try await open(postgres: database, password: password) } else { try await open(file: sqliteFile) }
    }

    /// Closes the database, also when the calling task is cancelled (a service group cancelled
    /// during its shutdown still closes the store).
    public func close() async throws {
        closed.withLock { $0 = true }
        try await database.close()
    }

    /// Whether every connection is closed (for tests).
    var isClosed: Bool { database.isClosed }

    /// Caps a SQLite store's file at its current size plus `extraPages` (for tests of a full
    /// store: ``SQLiteDatabase/limitSize(extraPages:)``); other engines refuse.
    func limitSize(extraPages: Int) async throws {
        guard let sqlite = database as? SQLiteDatabase else {
            throw PhotoSourceError(.unknown, "Only a SQLite store's size can be capped.")
        }
        try await sqlite.limitSize(extraPages: extraPages)
    }

    /// A store dropped without ``close()`` (a service built but never run, a test that threw
    /// half way) closes its connections here instead of trapping in SQLiteNIO's `deinit`
    /// assertion: the close runs later, on the connections' own threads.
    deinit {
        guard !closed.withLock({ $0 }) else { return }
        database.closeInBackground()
    }

    /// Waits for the graceful shutdown, then closes the database.
    public func run() async throws {
        try? await gracefulShutdown()
        try await close()
    }

    /// The engine's answer: whether it answers, and has room for writes.
    public func readiness() async -> StorageCheck {
        await database.readiness()
    }

    /// Where single statements run.
    private var db: any StoreConnection { database.shared }

    public func createSession(_ session: CustomerSession) async throws {
        _ = try await db.query(
            "INSERT INTO sessions (id, token_hash, created_at, expires_at, customer) VALUES (?, ?, ?, ?, ?)",
            [.text(session.id), .text(session.tokenHash), .date(session.createdAt), .date(session.expiresAt),
             session.customer.map(StoreValue.text) ?? .null])
    }

    public func touchSession(tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession? {
        let rows = try await db.query(
            "UPDATE sessions SET expires_at = ? WHERE token_hash = ? AND expires_at > ? RETURNING id, token_hash, created_at, expires_at, customer",
            [.date(now.addingTimeInterval(lifetime)), .text(tokenHash), .date(now)])
        return rows.first.flatMap(Self.session(from:))
    }

    public func session(tokenHash: String, now: Date) async throws -> CustomerSession? {
        let rows = try await db.query(
            "SELECT id, token_hash, created_at, expires_at, customer FROM sessions WHERE token_hash = ? AND expires_at > ?", [.text(tokenHash), .date(now)])
        return rows.first.flatMap(Self.session(from:))
    }

    public func session(id: String, now: Date) async throws -> CustomerSession? {
        let rows = try await db.query(
            "SELECT id, token_hash, created_at, expires_at, customer FROM sessions WHERE id = ? AND expires_at > ?", [.text(id), .date(now)])
        return rows.first.flatMap(Self.session(from:))
    }

    public func signIn(session: String, source: String) async throws -> Data? {
        let rows = try await db.query("SELECT sealed FROM sign_ins WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
        return rows.first?.data("sealed")
    }

    public func saveSignIn(session: String, source: String, sealed: Data) async throws {
        _ = try await db.query(
            "INSERT INTO sign_ins (session_id, source_id, sealed) VALUES (?, ?, ?) ON CONFLICT (session_id, source_id) DO UPDATE SET sealed = excluded.sealed",
            [.text(session), .text(source), .blob(sealed)])
    }

    public func deleteSignIn(session: String, source: String) async throws {
        _ = try await db.query("DELETE FROM sign_ins WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
    }

    public func saveAuthorization(_ pending: PendingAuthorization) async throws {
        _ = try await db.query(
            "INSERT INTO authorizations (state, session_id, source_id, sealed_verifier, expires_at) VALUES (?, ?, ?, ?, ?)",
            [.text(pending.state), .text(pending.session), .text(pending.source), .blob(pending.sealedVerifier), .date(pending.expiresAt)])
    }

    public func takeAuthorization(state: String, now: Date) async throws -> PendingAuthorization? {
        // DELETE … RETURNING makes the state single use even when two callbacks race.
        let rows = try await db.query(
            "DELETE FROM authorizations WHERE state = ? RETURNING state, session_id, source_id, sealed_verifier, expires_at", [.text(state)])
        guard let row = rows.first, let expires = row.date("expires_at"), expires > now,
              let session = row.string("session_id"), let source = row.string("source_id"), let verifier = row.data("sealed_verifier")
        else { return nil }
        return PendingAuthorization(state: state, session: session, source: source, sealedVerifier: verifier, expiresAt: expires)
    }

    public func idempotentResponse(session: String, key: String) async throws -> IdempotencyRecord? {
        let rows = try await db.query(
            "SELECT request_hash, status, body, created_at FROM idempotency WHERE session_id = ? AND key = ?", [.text(session), .text(key)])
        guard let row = rows.first, let hash = row.string("request_hash"), let status = row.int("status"),
              let body = row.data("body"), let created = row.date("created_at")
        else { return nil }
        return IdempotencyRecord(session: session, key: key, requestHash: hash, status: status, body: body, createdAt: created)
    }

    public func saveIdempotentResponse(_ record: IdempotencyRecord) async throws {
        _ = try await db.query(
            "INSERT INTO idempotency (session_id, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [.text(record.session), .text(record.key), .text(record.requestHash), .integer(record.status), .blob(record.body),
             .date(record.createdAt)])
    }

    public func purgeExpired(now: Date) async throws -> Int {
        _ = try await db.query("DELETE FROM authorizations WHERE expires_at <= ?", [.date(now)])
        _ = try await db.query("DELETE FROM device_grants WHERE expires_at <= ?", [.date(now)])
        let sessions = try await db.query("DELETE FROM sessions WHERE expires_at <= ? RETURNING id", [.date(now)]).count
        // Handlers remembered for a session without a customer go with the session ("session:" is 8 characters).
        for table in ["handler_choices", "handlers_used"] {
            _ = try await db.query(
                "DELETE FROM \(table) WHERE customer_key LIKE 'session:%' AND substr(customer_key, 9) NOT IN (SELECT id FROM sessions)")
        }
        return sessions
    }

    private static func session(from row: StoreRow) -> CustomerSession? {
        guard let id = row.string("id"), let hash = row.string("token_hash"),
              let created = row.date("created_at"), let expires = row.date("expires_at")
        else { return nil }
        return CustomerSession(id: id, tokenHash: hash, createdAt: created, expiresAt: expires, customer: row.string("customer"))
    }
}

/// The store on the embedded SQLite file: ``SQLServiceStore`` opened with ``SQLServiceStore/open(file:)``
/// (the name code written before PostgreSQL still uses).
public typealias SQLiteServiceStore = SQLServiceStore
