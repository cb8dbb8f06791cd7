public import Foundation
import NIOCore
import PhotoSourceKit
public import ServiceLifecycle
import SQLiteNIO
import Synchronization

/// The embedded ``ServiceStore``: one SQLite file (WAL mode) through sqlite-nio, whose calls run
/// on a thread of the store's own, never on the caller's task.
///
/// It is a ServiceLifecycle `Service`: run beside the server, it closes the database after the
/// graceful shutdown (the server has drained by then). Otherwise call ``close()`` yourself.
public final class SQLiteServiceStore: ServiceStore, Service {
    /// The connection every request shares, on a thread of its own (``SQLiteDedicatedConnection``).
    ///
    /// On NIO's shared pool (sqlite-nio's default) two requests' statements ran on two threads
    /// over one SQLite handle, which has one transaction state: an `UPDATE` starting while another
    /// request's `SELECT` still held the read snapshot had to upgrade it, and failed at once with
    /// `SQLITE_BUSY_SNAPSHOT` when the order connection had committed since (`GET /v1/orders/{id}`
    /// answered 500 during a 200-photo order). And a statement waiting out SQLite's busy timeout
    /// held a shared pool thread that file I/O and other stores needed.
    private let shared: SQLiteDedicatedConnection
    var connection: SQLiteConnection { shared.connection }
    /// The order pipeline's transactions (``SQLiteServiceStore+Orders``) run on a connection of their own.
    let transactor: SQLiteTransactor
    /// Whether ``close()`` ran; a store dropped without it closes its connections in `deinit`.
    private let closed = Mutex(false)
    /// Whether order changes also write webhook outbox rows (``setWebhookOutbox(enabled:)``).
    let webhookOutbox = Mutex(false)
    /// The database file (its folder's free space is part of ``readiness()``).
    let file: URL

    private init(shared: SQLiteDedicatedConnection, transactor: SQLiteTransactor, file: URL) {
        self.shared = shared
        self.transactor = transactor
        self.file = file
    }

    /// Opens (creating if needed) the database at `file` and brings its schema up to date.
    ///
    /// The file is `0600` whatever the umask (made so before SQLite opens it, so its `-wal` and
    /// `-shm` files, which SQLite gives the database's permissions, are too); a missing folder
    /// is created `0700`.
    ///
    /// - Throws: `.accessDenied` or `.unknown` when the file cannot be opened; `.invalidData`
    ///   when it was written by a newer schema.
    public static func open(file: URL) async throws -> SQLiteServiceStore {
        let folder = file.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) { try PrivateDirectory.make(folder) }
        try PrivateDirectory.makeFile(file)
        for suffix in ["-wal", "-shm"] { try PrivateDirectory.tighten(URL(fileURLWithPath: file.path + suffix)) }
        let shared: SQLiteDedicatedConnection
        do {
            shared = try await SQLiteDedicatedConnection.open(file: file)
        } catch {
            throw PhotoSourceError(.accessDenied, "The service's database \(file.path) cannot be opened.", detail: "\(error)", underlying: error)
        }
        do {
            try await SQLiteMigrations.migrate(shared.connection)
            return SQLiteServiceStore(shared: shared, transactor: try await SQLiteTransactor.open(file: file), file: file)
        } catch {
            try? await shared.close()
            throw error
        }
    }

    /// Closes the database, also when the calling task is cancelled (a service group cancelled
    /// during its shutdown still closes the store; ``SQLiteDedicatedConnection`` says how).
    public func close() async throws {
        closed.withLock { $0 = true }
        // Both connections close even when the first refuses, then the first error is reported.
        let transactorError: (any Error)?
        do { try await transactor.close(); transactorError = nil } catch { transactorError = error }
        try await shared.close()
        if let transactorError { throw transactorError }
    }

    /// Whether both connections are closed (for tests).
    var isClosed: Bool { shared.isClosed && transactor.isClosed }

    /// A store dropped without ``close()`` (a service built but never run, a test that threw
    /// half way) closes its connections here instead of trapping in SQLiteNIO's `deinit`
    /// assertion: the close runs later on the connection's thread, which keeps the connection.
    deinit {
        guard !closed.withLock({ $0 }) else { return }
        shared.closeInBackground()
        transactor.closeInBackground()
    }

    /// Waits for the graceful shutdown, then closes the database.
    public func run() async throws {
        try? await gracefulShutdown()
        try await close()
    }

    public func createSession(_ session: CustomerSession) async throws {
        _ = try await connection.query(
            "INSERT INTO sessions (id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
            [.text(session.id), .text(session.tokenHash), .float(session.createdAt.timeIntervalSince1970), .float(session.expiresAt.timeIntervalSince1970)])
    }

    public func touchSession(tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession? {
        let rows = try await connection.query(
            "UPDATE sessions SET expires_at = ? WHERE token_hash = ? AND expires_at > ? RETURNING id, token_hash, created_at, expires_at",
            [.float(now.addingTimeInterval(lifetime).timeIntervalSince1970), .text(tokenHash), .float(now.timeIntervalSince1970)])
        return rows.first.flatMap(Self.session(from:))
    }

    public func session(id: String, now: Date) async throws -> CustomerSession? {
        let rows = try await connection.query(
            "SELECT id, token_hash, created_at, expires_at FROM sessions WHERE id = ? AND expires_at > ?",
            [.text(id), .float(now.timeIntervalSince1970)])
        return rows.first.flatMap(Self.session(from:))
    }

    public func signIn(session: String, source: String) async throws -> Data? {
        let rows = try await connection.query(
            "SELECT sealed FROM sign_ins WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
        return rows.first?.column("sealed")?.blob.map { Data($0.readableBytesView) }
    }

    public func saveSignIn(session: String, source: String, sealed: Data) async throws {
        _ = try await connection.query(
            "INSERT INTO sign_ins (session_id, source_id, sealed) VALUES (?, ?, ?) ON CONFLICT (session_id, source_id) DO UPDATE SET sealed = excluded.sealed",
            [.text(session), .text(source), .blob(ByteBuffer(bytes: sealed))])
    }

    public func deleteSignIn(session: String, source: String) async throws {
        _ = try await connection.query("DELETE FROM sign_ins WHERE session_id = ? AND source_id = ?", [.text(session), .text(source)])
    }

    public func saveAuthorization(_ pending: PendingAuthorization) async throws {
        _ = try await connection.query(
            "INSERT INTO authorizations (state, session_id, source_id, sealed_verifier, expires_at) VALUES (?, ?, ?, ?, ?)",
            [.text(pending.state), .text(pending.session), .text(pending.source), .blob(ByteBuffer(bytes: pending.sealedVerifier)),
             .float(pending.expiresAt.timeIntervalSince1970)])
    }

    public func takeAuthorization(state: String, now: Date) async throws -> PendingAuthorization? {
        // DELETE … RETURNING makes the state single use even when two callbacks race.
        let rows = try await connection.query(
            "DELETE FROM authorizations WHERE state = ? RETURNING state, session_id, source_id, sealed_verifier, expires_at", [.text(state)])
        guard let row = rows.first, let expires = row.column("expires_at")?.double, expires > now.timeIntervalSince1970,
              let session = row.column("session_id")?.string, let source = row.column("source_id")?.string,
              let verifier = row.column("sealed_verifier")?.blob
        else { return nil }
        return PendingAuthorization(
            state: state, session: session, source: source, sealedVerifier: Data(verifier.readableBytesView),
            expiresAt: Date(timeIntervalSince1970: expires))
    }

    public func idempotentResponse(session: String, key: String) async throws -> IdempotencyRecord? {
        let rows = try await connection.query(
            "SELECT request_hash, status, body, created_at FROM idempotency WHERE session_id = ? AND key = ?", [.text(session), .text(key)])
        guard let row = rows.first, let hash = row.column("request_hash")?.string, let status = row.column("status")?.integer,
              let body = row.column("body")?.blob, let created = row.column("created_at")?.double
        else { return nil }
        return IdempotencyRecord(
            session: session, key: key, requestHash: hash, status: Int(status), body: Data(body.readableBytesView),
            createdAt: Date(timeIntervalSince1970: created))
    }

    public func saveIdempotentResponse(_ record: IdempotencyRecord) async throws {
        _ = try await connection.query(
            "INSERT INTO idempotency (session_id, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [.text(record.session), .text(record.key), .text(record.requestHash), .integer(record.status),
             .blob(ByteBuffer(bytes: record.body)), .float(record.createdAt.timeIntervalSince1970)])
    }

    public func purgeExpired(now: Date) async throws -> Int {
        let seconds = SQLiteData.float(now.timeIntervalSince1970)
        _ = try await connection.query("DELETE FROM authorizations WHERE expires_at <= ?", [seconds])
        _ = try await connection.query("DELETE FROM device_grants WHERE expires_at <= ?", [seconds])
        return try await connection.query("DELETE FROM sessions WHERE expires_at <= ? RETURNING id", [seconds]).count
    }

    private static func session(from row: SQLiteRow) -> CustomerSession? {
        guard let id = row.column("id")?.string, let hash = row.column("token_hash")?.string,
              let created = row.column("created_at")?.double, let expires = row.column("expires_at")?.double
        else { return nil }
        return CustomerSession(
            id: id, tokenHash: hash, createdAt: Date(timeIntervalSince1970: created), expiresAt: Date(timeIntervalSince1970: expires))
    }
}
