// queue-bench ENGINE ORDERS WORKERS [POSTGRES_URL]
//
// The order queue's throughput through the store protocol alone (no sources, files or labs, so
// the figure is the queue's and the database's, not a destination's): ORDERS orders (one line,
// one folder destination each) are written with their `materialise` jobs, then WORKERS workers
// sharing one store (one instance, as `orders.workers` runs them) claim and complete every job
// with the store calls OrderPipeline makes (QueueWorker), until every order is `delivered`.
//   ENGINE sqlite:   a new SQLite file in a temporary folder (removed at the end)
//   ENGINE postgres: POSTGRES_URL, an empty database (Benchmarks/queue.sh makes one per run)
// Prints one tab-separated line: engine, workers, orders, enqueue seconds, drain seconds,
// orders/s while draining, claim latency p50 and p99 in ms (claims that returned a job).
// Exits 1 when an order did not end `delivered`. Only the given database is contacted.
import Foundation
import PhotoSourceService

let arguments = CommandLine.arguments
guard arguments.count >= 4, ["sqlite", "postgres"].contains(arguments[1]), let count = Int(arguments[2]), count > 0,
    let workers = Int(arguments[3]), workers > 0, arguments[1] == "sqlite" || arguments.count == 5
else {
    FileHandle.standardError.write(Data("usage: queue-bench sqlite|postgres ORDERS WORKERS [POSTGRES_URL]\n".utf8))
    exit(64)
}
let engine = arguments[1]

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queue-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let store = engine == "sqlite"
    ? try await SQLServiceStore.open(file: folder.appendingPathComponent("service.sqlite"))
    : try await SQLServiceStore.open(postgres: arguments[4])

let clock = ContinuousClock()
let enqueueStart = clock.now
for index in 0..<count {
    _ = try await store.createOrder(QueueWorker.order(index), now: Date())
}
let enqueued = clock.now - enqueueStart

let drainStart = clock.now
let progress = QueueProgress(orders: count)
let claims = try await withThrowingTaskGroup(of: [Duration].self) { group in
    for index in 0..<workers {
        group.addTask { try await QueueWorker(store: store, name: "bench-\(index)", progress: progress).run() }
    }
    var all: [Duration] = []
    for try await durations in group { all += durations }
    return all.sorted()
}
let drained = clock.now - drainStart

var undelivered = 0
for index in 0..<count where try await store.order(id: QueueWorker.order(index).id)?.status != .delivered { undelivered += 1 }
try await store.close()
guard undelivered == 0 else {
    FileHandle.standardError.write(Data("queue-bench: \(undelivered) of \(count) orders did not end delivered\n".utf8))
    exit(1)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
func percentile(_ sorted: [Duration], _ fraction: Double) -> Double {
    sorted.isEmpty ? 0 : seconds(sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]) * 1000
}
print([
    engine, "\(workers)", "\(count)", String(format: "%.3f", seconds(enqueued)), String(format: "%.3f", seconds(drained)),
    String(format: "%.1f", Double(count) / seconds(drained)),
    String(format: "%.2f", percentile(claims, 0.5)), String(format: "%.2f", percentile(claims, 0.99)),
].joined(separator: "\t"))
