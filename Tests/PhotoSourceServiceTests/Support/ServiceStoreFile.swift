import Foundation
@testable import PhotoSourceService

/// A second store on a test service's own SQLite file (`state/service.sqlite` beside its library),
/// as another instance would open it: to read what the service wrote.
enum ServiceStoreFile {
    /// Runs `body` with the store, closing it after (also when `body` throws).
    static func with<T: Sendable>(library: URL, _ body: (SQLServiceStore) async throws -> T) async throws -> T {
        let file = library.deletingLastPathComponent().appendingPathComponent("state/service.sqlite")
        let store = try await SQLServiceStore.open(file: file)
        do {
            let value = try await body(store)
            try await store.close()
            return value
        } catch {
            try? await store.close()
            throw error
        }
    }
}
