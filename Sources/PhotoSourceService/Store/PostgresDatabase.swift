import Foundation
import Logging
import PhotoSourceKit
import PostgresNIO
import Synchronization

/// The shared engine under ``SQLServiceStore``: a PostgreSQL database that several instances of
/// the service use at once, through postgres-nio's connection pool.
///
/// Write transactions take one transaction-scoped advisory lock (``writeLock``), so they run one
/// at a time across every instance, as SQLite's `BEGIN IMMEDIATE` makes them: the order steps'
/// read-then-write logic is written once and holds on both engines. Claims of jobs and outbox
/// rows do not take it: they are single `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`
/// statements, so workers on every instance claim concurrently and never the same row.
final class PostgresDatabase: StoreDatabase {
    /// The advisory lock key migrations hold (`pg_advisory_xact_lock`), so instances starting at
    /// once on one database apply each step once.
    static let migrationLock = 0x7068_6f74_6f01
    /// The advisory lock key every write transaction holds.
    static let writeLock = 0x7068_6f74_6f02

    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let closed = Mutex(false)
    private let logger: Logger
    /// Where the database is (without its password), for messages.
    let location: PostgresLocation

    private init(client: PostgresClient, runner: Task<Void, Never>, logger: Logger, location: PostgresLocation) {
        self.client = client
        self.runner = runner
        self.logger = logger
        self.location = location
    }

    /// Connects to the database at `location` and brings its schema up to date.
    ///
    /// - Throws: `.connection` when the database cannot be reached or refuses the sign-in;
    ///   `.invalidData` when it was written by a newer schema.
    static func open(_ location: PostgresLocation, maximumConnections: Int = 8) async throws -> PostgresDatabase {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: tls(location.tls))
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        let logger = Logger(label: "photosource.store.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let database = PostgresDatabase(client: client, runner: Task { await client.run() }, logger: logger, location: location)
        do {
            try await database.migrate()
            return database
        } catch let error as PhotoSourceError {
            try? await database.close()
            throw error
        } catch {
            try? await database.close()
            throw PhotoSourceError(
                .connection, "The service's database \(location) cannot be used.", detail: String(reflecting: error), underlying: error)
        }
    }

    private static func tls(_ mode: PostgresLocation.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    /// Applies the ``StoreMigrations`` the database lacks in one transaction under ``migrationLock``.
    private func migrate() async throws {
        try await transaction("BEGIN") { db in
            _ = try await db.query("SELECT pg_advisory_xact_lock(?)", [.integer(Self.migrationLock)])
            try await StoreMigrations.apply(db)
        }
    }

    var dialect: StoreDialect { .postgres }

    var shared: any StoreConnection { PostgresStoreConnection(target: .pool(client), logger: logger) }

    func write<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN") { db in
            _ = try await db.query("SELECT pg_advisory_xact_lock(?)", [.integer(Self.writeLock)])
            return try await body(db)
        }
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    func statements<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(PostgresStoreConnection(target: .connection(connection), logger: logger))
        }
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let db = PostgresStoreConnection(target: .connection(connection), logger: logger)
            _ = try await db.query(begin)
            do {
                let result = try await body(db)
                _ = try await db.query("COMMIT")
                return result
            } catch {
                _ = try? await db.query("ROLLBACK")
                throw error
            }
        }
    }

    /// Ready when a query makes the round trip within five seconds.
    func readiness() async -> StorageCheck {
        if isClosed { return StorageCheck(.failing, "the store is closed") }
        let answered = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await self.shared.query("SELECT 1 AS one").first?.int("one")) == 1 }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        return answered ? .ok : StorageCheck(.failing, "the database \(location) does not answer")
    }

    /// Stops the pool (its connections close), also when the calling task is cancelled.
    func close() async throws {
        closed.withLock { $0 = true }
        runner.cancel()
        await runner.value
    }

    var isClosed: Bool { closed.withLock { $0 } }

    func closeInBackground() {
        closed.withLock { $0 = true }
        runner.cancel()
    }
}
