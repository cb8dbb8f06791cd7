import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The store's leases under concurrent workers, on SQLite and on PostgreSQL")
struct StoreLeaseTests {
    /// Claims jobs with `workers` workers spread over `stores` until none is left; returns every claimed job's id.
    static func drain(_ stores: [SQLServiceStore], workers: Int, now: Date) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<workers {
                let store = stores[worker % stores.count]
                group.addTask {
                    var claimed: [String] = []
                    while let job = try await store.claimJob(worker: "w\(worker)", now: now, lease: 600) { claimed.append(job.id) }
                    return claimed
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    @Test("workers of two instances claiming at once never take the same job, and every job is taken", arguments: StoreEngine.allCases)
    func twoInstancesNeverTakeTheSameJob(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            let other = try await open()
            let now = Date()
            for index in 0..<40 {
                _ = try await store.createOrder(OrderQueueTests.order("ord_\(index)", key: "k\(index)"), now: now)
            }

            // When: eight workers, half on each instance, claim until the queue is empty
            let claimed = try await Self.drain([store, other], workers: 8, now: now.addingTimeInterval(1))

            // Then
            #expect(claimed.count == 40)
            #expect(Set(claimed).count == claimed.count)
            try await other.close()
        }
    }

    @Test("an expired lease is taken over by another instance's worker, once", arguments: StoreEngine.allCases)
    func expiredLeaseIsTakenOverOnce(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            let other = try await open()
            let now = Date()
            _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: now)
            let dead = try #require(try await store.claimJob(worker: "dead", now: now, lease: 10))

            // When: after the lease ran out, four workers of the other instance race for it
            let later = now.addingTimeInterval(11)
            let claimed = try await Self.drain([other], workers: 4, now: later)

            // Then
            #expect(claimed == [dead.id])
            #expect(try await store.renewLease(job: dead.id, worker: "dead", until: later.addingTimeInterval(60)) == false)
            try await other.close()
        }
    }

    @Test("readiness is a round trip to the database: ok while open, failing once closed", arguments: StoreEngine.allCases)
    func readiness(_ engine: StoreEngine) async throws {
        let (open, remove) = try await engine.makeDatabase()
        defer { remove() }
        let store = try await open()
        #expect(await store.readiness().status == .ok)
        try await store.close()
        #expect(await store.readiness().status == .failing)
    }
}
