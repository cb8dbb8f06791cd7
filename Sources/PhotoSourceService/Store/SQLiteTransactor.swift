import Foundation
import PhotoSourceKit
import SQLiteNIO

/// A second connection to the store's file that runs one transaction at a time.
///
/// The store's main connection is shared by every request, so a `BEGIN` on it would sweep other
/// requests' statements into the transaction (and a `ROLLBACK` would undo them). The order
/// pipeline's multi-statement steps run here instead, under `BEGIN IMMEDIATE`, which takes
/// SQLite's write lock up front: two instances on one file serialise, neither deadlocks.
///
/// The connection has a thread of its own (``SQLiteDedicatedConnection``). A transaction holds the write lock across several
/// statements, each a hop to a thread; other connections waiting for the lock (SQLite's busy
/// timeout) block the threads they run on. On NIO's shared pool (as many threads as cores) two
/// such waiters would leave no thread for the transaction to commit on, and every writer
/// would time out.
final class SQLiteTransactor: Sendable {
    private let dedicated: SQLiteDedicatedConnection
    var connection: SQLiteConnection { dedicated.connection }
    private let lock = AsyncSerialLock()

    private init(_ dedicated: SQLiteDedicatedConnection) {
        self.dedicated = dedicated
    }

    /// Opens the (already migrated) database at `file`.
    static func open(file: URL) async throws -> SQLiteTransactor {
        let dedicated = try await SQLiteDedicatedConnection.open(file: file)
        do {
            _ = try await dedicated.connection.query("PRAGMA foreign_keys = ON")
            _ = try await dedicated.connection.query("PRAGMA busy_timeout = 10000")
        } catch {
            try? await dedicated.close()
            throw error
        }
        return SQLiteTransactor(dedicated)
    }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await run("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction, so several queries see one snapshot.
    func read<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await run("BEGIN", body)
    }

    /// Runs `body` outside any transaction (each statement its own), on this connection alone.
    ///
    /// A single `UPDATE … RETURNING` is a transaction by itself: SQLite opens the write
    /// transaction when the statement starts, so it holds the write lock for one statement's
    /// run instead of across three hops (`BEGIN IMMEDIATE`, the statement, `COMMIT`).
    func statements<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await lock.withLock { try await body(SQLiteStoreConnection(connection: connection)) }
    }

    /// Closes the connection, then stops its thread; also when the calling task is cancelled.
    func close() async throws { try await dedicated.close() }

    /// Whether the connection is closed (for tests).
    var isClosed: Bool { dedicated.isClosed }

    /// ``close()`` without waiting, for a store that was dropped unclosed.
    func closeInBackground() { dedicated.closeInBackground() }

    private func run<T: Sendable>(_ begin: String, _ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await lock.withLock {
            _ = try await connection.query(begin)
            do {
                let result = try await body(SQLiteStoreConnection(connection: connection))
                _ = try await connection.query("COMMIT")
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }
}
