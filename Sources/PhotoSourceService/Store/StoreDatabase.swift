/// One engine under the store (``SQLiteDatabase``, or PostgreSQL): where each kind of query runs.
/// ``SQLServiceStore`` writes its SQL once against this; the engine decides what a transaction
/// costs and how concurrent ones are kept apart.
protocol StoreDatabase: Sendable {
    /// What the engine's SQL says differently.
    var dialect: StoreDialect { get }

    /// Where single statements run, each its own transaction (sessions, sign-ins, grants…).
    var shared: any StoreConnection { get }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T

    /// Runs `body` in a read transaction, so several queries see one snapshot.
    func read<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T

    /// Runs `body`'s statements each as its own transaction on one connection (the claims of
    /// jobs and outbox rows: one `UPDATE … RETURNING` each).
    func statements<T: Sendable>(_ body: @Sendable (any StoreConnection) async throws -> T) async throws -> T

    /// Whether the engine answers and has room for writes (``ServiceStore/readiness()``).
    func readiness() async -> StorageCheck

    /// Closes the engine's connections, also when the calling task is cancelled.
    func close() async throws

    /// Whether ``close()`` has closed everything (for tests).
    var isClosed: Bool { get }

    /// Closes without waiting, for a store dropped unclosed.
    func closeInBackground()
}
