import Foundation
import PhotoSourceKit
import SQLiteNIO

/// The embedded engine under ``SQLServiceStore``: one SQLite file (WAL mode) through sqlite-nio,
/// whose calls run on threads of the store's own, never on the caller's task.
final class SQLiteDatabase: StoreDatabase {
    /// The connection every request shares, on a thread of its own (``SQLiteDedicatedConnection``).
    ///
    /// On NIO's shared pool (sqlite-nio's default) two requests' statements ran on two threads
    /// over one SQLite handle, which has one transaction state: an `UPDATE` starting while another
    /// request's `SELECT` still held the read snapshot had to upgrade it, and failed at once with
    /// `SQLITE_BUSY_SNAPSHOT` when the order connection had committed since (`GET /v1/orders/{id}`
    /// answered 500 during a 200-photo order). And a statement waiting out SQLite's busy timeout
    /// held a shared pool thread that file I/O and other stores needed.
    private let dedicated: SQLiteDedicatedConnection
    var connection: SQLiteConnection { dedicated.connection }
    /// The order pipeline's transactions run on a connection of their own.
    let transactor: SQLiteTransactor
    /// The database file (its folder's free space is part of ``readiness()``).
    let file: URL

    private init(dedicated: SQLiteDedicatedConnection, transactor: SQLiteTransactor, file: URL) {
        self.dedicated = dedicated
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
    static func open(file: URL) async throws -> SQLiteDatabase {
        let folder = file.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) { try PrivateDirectory.make(folder) }
        try PrivateDirectory.makeFile(file)
        for suffix in ["-wal", "-shm"] { try PrivateDirectory.tighten(URL(fileURLWithPath: file.path + suffix)) }
        let dedicated: SQLiteDedicatedConnection
        do {
            dedicated = try await SQLiteDedicatedConnection.open(file: file)
        } catch {
            throw PhotoSourceError(.accessDenied, "The service's database \(file.path) cannot be opened.", detail: "\(error)", underlying: error)
        }
        do {
            try await migrate(dedicated.connection)
            return SQLiteDatabase(dedicated: dedicated, transactor: try await SQLiteTransactor.open(file: file), file: file)
        } catch {
            try? await dedicated.close()
            throw error
        }
    }

    /// Applies the ``StoreMigrations`` the file lacks inside one `BEGIN IMMEDIATE` transaction,
    /// which takes SQLite's write lock, so two processes starting on the same file at once apply
    /// each step exactly once.
    ///
    /// The busy timeout comes first: switching a new file to WAL needs its lock too, and without
    /// the timeout the second process got `database is locked` at once instead of waiting. It is
    /// generous (60 s) because the other process may be applying every migration meanwhile.
    private static func migrate(_ connection: SQLiteConnection) async throws {
        _ = try await connection.query("PRAGMA busy_timeout = 60000")
        _ = try await connection.query("PRAGMA journal_mode = WAL")
        _ = try await connection.query("PRAGMA foreign_keys = ON")
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            try await StoreMigrations.apply(SQLiteStoreConnection(connection: connection))
            _ = try await connection.query("COMMIT")
            _ = try await connection.query("PRAGMA busy_timeout = 5000")  // what requests on this connection wait
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }

    var dialect: StoreDialect { .sqlite }

    var shared: any StoreConnection { SQLiteStoreConnection(connection: connection) }

    func write<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await transactor.write(body)
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await transactor.read(body)
    }

    func statements<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await transactor.statements(body)
    }

    /// Closes both connections, also when the calling task is cancelled (``SQLiteDedicatedConnection``
    /// says how); both close even when the first refuses, then the first error is reported.
    func close() async throws {
        let transactorError: (any Error)?
        do { try await transactor.close(); transactorError = nil } catch { transactorError = error }
        try await dedicated.close()
        if let transactorError { throw transactorError }
    }

    var isClosed: Bool { dedicated.isClosed && transactor.isClosed }

    /// The close runs later on each connection's thread, which keeps the connection until then.
    func closeInBackground() {
        dedicated.closeInBackground()
        transactor.closeInBackground()
    }
}
