import Foundation
@testable import PhotoSourceService
import Testing

/// The engines the store suites run against (`@Test(arguments: StoreEngine.allCases)`): each test
/// gets a fresh, empty database of its own — a new SQLite file, or a new database on the
/// process's ``PostgresServer``.
enum StoreEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// Opens another store on the same database as the one a test was given.
    typealias Opener = @Sendable () async throws -> SQLServiceStore

    /// A fresh, empty database: how to open stores on it, and how to remove it afterwards.
    func makeDatabase() async throws -> (open: Opener, remove: @Sendable () -> Void) {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svc-store-\(UUID().uuidString)")
            let file = folder.appendingPathComponent("service.sqlite")
            return ({ try await SQLServiceStore.open(file: file) }, { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            let url = try await PostgresServer.shared().makeDatabase()
            return ({ try await SQLServiceStore.open(postgres: url) }, {})
        }
    }

    /// Runs `body` with a store on a fresh database (and how to open more on it), closing it after.
    func withStore(_ body: (SQLServiceStore, @escaping Opener) async throws -> Void) async throws {
        let (open, remove) = try await makeDatabase()
        defer { remove() }
        let store = try await open()
        do {
            try await body(store, open)
        } catch {
            try await store.close()
            throw error
        }
        try await store.close()
    }
}
