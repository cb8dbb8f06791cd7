import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The store under concurrent requests, on SQLite and on PostgreSQL")
struct StoreConcurrencyTests {
    @Test("session reads and slides on the shared connection never fail while the order connection commits", arguments: StoreEngine.allCases)
    func sessionsBesideOrderWrites(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            try await store.createSession(ServiceStoreTests.session("s", expires: now.addingTimeInterval(3_600)))
            // When: requests read and slide the session (SELECT and UPDATE on the shared
            // connection) while the order pipeline's connection keeps committing
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var failures: [String] = []
                        for _ in 0..<200 {
                            do {
                                _ = try await store.session(id: "s", now: Date())
                                _ = try await store.touchSession(tokenHash: "hash-s", now: Date(), lifetime: 3_600)
                            } catch {
                                failures.append(String(reflecting: error))
                            }
                        }
                        return failures
                    }
                }
                group.addTask {
                    for index in 0..<200 {
                        let record = OrderRecord(
                            id: "ord_\(index)", owner: "shop", session: nil, idempotencyKey: "key-\(index)", requestHash: "h",
                            reference: "r", product: "4x6", createdAt: Date(), updatedAt: Date(),
                            items: [.init(index: 0, source: "demo", itemID: "a.jpg", copies: 1, product: "4x6")], deliveries: [])
                        _ = try await store.createOrder(record, now: Date())
                    }
                    return []
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Then: not one request failed (SQLITE_BUSY_SNAPSHOT before statements were serialised)
            #expect(failures.isEmpty, "\(failures.count) failed, first: \(failures.first ?? "")")
            #expect(try await store.order(id: "ord_199") != nil)
        }
    }
}
