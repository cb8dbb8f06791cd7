import Foundation
import PhotoSourceService
import Synchronization

/// How many orders the workers have finished, shared by them: they stop when all are.
final class QueueProgress: Sendable {
    let orders: Int
    private let finished = Atomic<Int>(0)

    init(orders: Int) {
        self.orders = orders
    }

    /// Counts one more finished order.
    func finishOne() { finished.add(1, ordering: .relaxed) }

    /// Whether every order is finished.
    var isDone: Bool { finished.load(ordering: .relaxed) >= orders }
}

/// One worker loop of the benchmark: claims a job, then makes the store calls OrderPipeline
/// makes for it (materialise: status, read, one line recorded, finish; deliver: read, start, one
/// item recorded with a lease renewal, finish), with nothing fetched or delivered in between.
struct QueueWorker: Sendable {
    let store: SQLServiceStore
    let name: String
    let progress: QueueProgress
    /// The lease every claim takes (long: nothing dies here).
    static let lease: TimeInterval = 300

    /// The order with number `index`: one line, one folder destination.
    static func order(_ index: Int) -> OrderRecord {
        let now = Date()
        return OrderRecord(
            id: "ord_bench_\(index)", owner: "ses_bench", session: "ses_bench", idempotencyKey: "bench-\(index)", requestHash: "h",
            reference: "bench \(index)", product: "4x6", createdAt: now, updatedAt: now,
            items: [OrderRecord.Item(index: 0, source: "library", itemID: "photo-\(index).jpg", copies: 1, product: "4x6")],
            deliveries: [OrderRecord.Delivery(destinationID: "folder", kind: "folder")])
    }

    /// What a materialised line records (the values do not matter to the store).
    static let asset = MaterialisedAsset(
        fileName: "001-photo.jpg", contentType: "image/jpeg", sha256: String(repeating: "a", count: 64), md5: String(repeating: "b", count: 32),
        byteCount: 2_000_000, pixelWidth: 1800, pixelHeight: 1200, dpi: 300, verdict: "good", warnings: [])

    /// Runs jobs until every order is finished; returns how long each claim that found a job took.
    func run() async throws -> [Duration] {
        let clock = ContinuousClock()
        var claims: [Duration] = []
        while !progress.isDone {
            let start = clock.now
            guard let job = try await store.claimJob(worker: name, now: Date(), lease: Self.lease) else {
                try await Task.sleep(for: .milliseconds(1))  // the other worker is between two jobs of the last orders
                continue
            }
            claims.append(clock.now - start)
            switch job.kind {
            case .materialise: try await materialise(job)
            case .deliver: try await deliver(job)
            }
        }
        return claims
    }

    private func materialise(_ job: OrderJob) async throws {
        _ = try await store.setStatus(order: job.orderID, to: .materialising, from: [.accepted], now: Date())
        guard let order = try await store.order(id: job.orderID) else { throw QueueBenchFailure(job: job.id) }
        for item in order.items {
            try await store.recordItem(order: order.id, index: item.index, outcome: .success(Self.asset), now: Date())
        }
        try await store.finishMaterialising(order: order.id, job: job.id, worker: name, now: Date())
    }

    private func deliver(_ job: OrderJob) async throws {
        guard let order = try await store.order(id: job.orderID), let destination = job.destinationID,
            try await store.startDelivery(order: order.id, destination: destination, now: Date())
        else { throw QueueBenchFailure(job: job.id) }
        // Item by item, as an upload destination acknowledges them (the heaviest case for the store).
        for item in order.items {
            try await store.recordDeliveryItems(
                order: order.id, destination: destination, results: [ItemDeliveryResult(index: item.index, delivered: true)], now: Date())
            _ = try await store.renewLease(job: job.id, worker: name, until: Date().addingTimeInterval(Self.lease))
        }
        try await store.finishDelivery(order: order.id, destination: destination, job: job.id, worker: name, outcome: .delivered, now: Date())
        progress.finishOne()
    }
}

/// A job whose order or delivery was not in the state the benchmark left it in.
struct QueueBenchFailure: Error, CustomStringConvertible {
    let job: String
    var description: String { "queue-bench: job \(job) found its order in an unexpected state" }
}
