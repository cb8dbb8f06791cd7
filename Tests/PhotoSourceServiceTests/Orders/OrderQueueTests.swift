import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Orders: the job queue in the store, on SQLite and on PostgreSQL")
struct OrderQueueTests {
    static func withStore(_ body: (SQLiteServiceStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("order-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteServiceStore.open(file: folder.appendingPathComponent("service.sqlite"))
        do {
            try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    static func order(_ id: String, key: String = "k", hash: String = "h") -> OrderRecord {
        let now = Date()
        return OrderRecord(
            id: id, owner: "ses_a", session: "ses_a", idempotencyKey: key, requestHash: hash, reference: "R", product: "4x6",
            createdAt: now, updatedAt: now,
            items: [OrderRecord.Item(index: 0, source: "library", itemID: "a.jpg", copies: 1, product: "4x6")],
            deliveries: [OrderRecord.Delivery(destinationID: "folder", kind: "folder")])
    }

    /// A materialised line's asset (the values do not matter to the store).
    static let asset = MaterialisedAsset(
        fileName: "001-a.jpg", contentType: "image/jpeg", sha256: "s", md5: "m", byteCount: 1, pixelWidth: 1, pixelHeight: 1,
        dpi: nil, verdict: nil, warnings: [])

    @Test("a job is leased to one worker; a second claim finds nothing until the lease runs out, then takes it over", arguments: StoreEngine.allCases)
    func leaseAndTakeOver(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            _ = try await store.createOrder(Self.order("ord_1"), now: Date())
            let now = Date()
            let first = try #require(try await store.claimJob(worker: "a", now: now, lease: 10))
            #expect(first.kind == .materialise)
            #expect(first.attempts == 1)
            #expect(try await store.claimJob(worker: "b", now: now.addingTimeInterval(5), lease: 10) == nil)
            #expect(try await store.renewLease(job: first.id, worker: "a", until: now.addingTimeInterval(20)))
            #expect(try await store.claimJob(worker: "b", now: now.addingTimeInterval(15), lease: 10) == nil)
            // When: worker a dies; its lease runs out
            let taken = try #require(try await store.claimJob(worker: "b", now: now.addingTimeInterval(21), lease: 10))
            // Then
            #expect(taken.id == first.id)
            #expect(taken.attempts == 2)
            #expect(try await store.renewLease(job: first.id, worker: "a", until: now.addingTimeInterval(40)) == false)
        }
    }

    @Test("a retried job waits for its time; a cancelled order's jobs are never claimed again", arguments: StoreEngine.allCases)
    func retryAndCancel(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            _ = try await store.createOrder(Self.order("ord_1"), now: Date())
            let now = Date()
            let job = try #require(try await store.claimJob(worker: "a", now: now, lease: 10))
            try await store.retryJob(job.id, worker: "a", runAfter: now.addingTimeInterval(4), error: "connection")
            #expect(try await store.claimJob(worker: "a", now: now.addingTimeInterval(3), lease: 10) == nil)
            #expect(try await store.claimJob(worker: "a", now: now.addingTimeInterval(5), lease: 10)?.attempts == 2)
            // When
            let cancelled = try #require(try await store.cancelOrder(id: "ord_1", now: Date()))
            // Then
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.items.first?.state == .cancelled)
            #expect(try await store.renewLease(job: job.id, worker: "a", until: now.addingTimeInterval(60)) == false)
            #expect(try await store.claimJob(worker: "a", now: now.addingTimeInterval(3600), lease: 10) == nil)
        }
    }

    @Test("finishing materialise twice queues each delivery once; a report is applied once per event id", arguments: StoreEngine.allCases)
    func exactlyOnceTransitions(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            _ = try await store.createOrder(Self.order("ord_1"), now: Date())
            let job = try #require(try await store.claimJob(worker: "a", now: Date(), lease: 10))
            try await store.recordItem(order: "ord_1", index: 0, outcome: .success(Self.asset), now: Date())
            try await store.recordItem(order: "ord_1", index: 0, outcome: .failure(.init(code: "not-found", message: "late")), now: Date())
            try await store.finishMaterialising(order: "ord_1", job: job.id, worker: "a", now: Date())
            try await store.finishMaterialising(order: "ord_1", job: job.id, worker: "a", now: Date())
            #expect(try await store.order(id: "ord_1")?.items.first?.state == .materialised)
            let deliver = try #require(try await store.claimJob(worker: "a", now: Date(), lease: 10))
            #expect(deliver.kind == .deliver)
            #expect(deliver.destinationID == "folder")
            #expect(try await store.claimJob(worker: "b", now: Date(), lease: 10) == nil)
            // A print lab that accepted, then reports.
            #expect(try await store.startDelivery(order: "ord_1", destination: "folder", now: Date()))
            try await store.finishDelivery(order: "ord_1", destination: "folder", job: deliver.id, worker: "a", outcome: .accepted(externalID: "lab-9"), now: Date())
            #expect(try await store.order(id: "ord_1")?.status == .delivering)
            let report = DestinationReport(orderID: "ord_1", destinationID: "folder", eventID: "ev-1", stage: "downloaded", externalID: "lab-9")
            #expect(try await store.applyReport(report, now: Date()) == .applied)
            #expect(try await store.applyReport(report, now: Date()) == .duplicate)
            let order = try #require(try await store.order(id: "ord_1"))
            #expect(order.status == .delivered)
            #expect(order.deliveries.first?.externalID == "lab-9")
            #expect(order.deliveries.first?.stage == "downloaded")
            let statuses = try await store.events(order: "ord_1", after: 0, limit: 100).filter { $0.type == "order.status" }
            #expect(statuses.count == 3)  // accepted, delivering, delivered (materialising is the pipeline's step)
        }
    }

    @Test("a second order with the same owner and key returns the first and writes nothing", arguments: StoreEngine.allCases)
    func sameKeySameOrder(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let first = try await store.createOrder(Self.order("ord_1"), now: Date())
            let second = try await store.createOrder(Self.order("ord_2", hash: "other"), now: Date())
            #expect(second.id == first.id)
            #expect(second.requestHash == "h")
            #expect(try await store.order(id: "ord_2") == nil)
        }
    }

    @Test("retry delays double from the base, stay under the maximum, and carry jitter")
    func backoff() {
        let settings = OrderSettings(retryBaseSeconds: 2, retryMaximumSeconds: 60)
        #expect(settings.retryDelay(afterAttempt: 1, jitter: 1) == 2)
        #expect(settings.retryDelay(afterAttempt: 3, jitter: 1) == 8)
        #expect(settings.retryDelay(afterAttempt: 30, jitter: 1) == 60)
        #expect(settings.retryDelay(afterAttempt: 3, jitter: 0.5) == 4)
        #expect((0..<20).map { _ in settings.retryDelay(afterAttempt: 2) }.allSatisfy { (2..<4).contains($0) })
    }
}
