/// What the store's SQL runs on: one connection (or, for autocommit statements, any connection
/// of a pool). Every query is written once with `?` placeholders; the engine's connection
/// rewrites them as its ``StoreDialect`` needs.
protocol StoreConnection: Sendable {
    /// What differs between the engines, for the few queries that must say it.
    var dialect: StoreDialect { get }

    /// Runs one statement with `binds` for its `?` placeholders (in order) and returns its rows.
    func query(_ sql: String, _ binds: [StoreValue]) async throws -> [StoreRow]
}

extension StoreConnection {
    /// Runs one statement that takes no binds.
    func query(_ sql: String) async throws -> [StoreRow] {
        try await query(sql, [])
    }
}
