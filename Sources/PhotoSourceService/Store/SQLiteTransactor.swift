import Foundation
import PhotoSourceKit
import SQLiteNIO

/// A second connection to the store's file that runs one transaction at a time.
///
/// The store's main connection is shared by every request, so a `BEGIN` on it would sweep other
/// requests' statements into the transaction (and a `ROLLBACK` would undo them). The order
/// pipeline's multi-statement steps run here instead, under `BEGIN IMMEDIATE`, which takes
/// SQLite's write lock up front: two instances on one file serialise, neither deadlocks.
final class SQLiteTransactor: Sendable {
    private let connection: SQLiteConnection
    private let lock = AsyncSerialLock()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens the (already migrated) database at `file`.
    static func open(file: URL) async throws -> SQLiteTransactor {
        let connection = try await SQLiteConnection.open(storage: .file(path: file.path))
        _ = try await connection.query("PRAGMA foreign_keys = ON")
        _ = try await connection.query("PRAGMA busy_timeout = 10000")
        return SQLiteTransactor(connection: connection)
    }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await run("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction, so several queries see one snapshot.
    func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await run("BEGIN", body)
    }

    /// Closes the connection.
    func close() async throws { try await connection.close() }

    private func run<T: Sendable>(_ begin: String, _ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await lock.withLock {
            _ = try await connection.query(begin)
            do {
                let result = try await body(connection)
                _ = try await connection.query("COMMIT")
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }
}
