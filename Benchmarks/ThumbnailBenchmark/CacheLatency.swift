import Foundation
import PhotoImaging
import PhotoSourceKit
import Synchronization

/// Memory-hit and disk-hit latency of the ThumbnailCache, and the coalescing proof.
enum CacheLatency {
    struct Result {
        var memoryP50: Double, memoryP99: Double
        var diskP50: Double, diskP99: Double
        var concurrentRequests: Int, downloads: Int, decodes: Int
    }

    static func run(sample: Data, folder: URL) async throws -> Result {
        let downloads = Mutex(0)
        let source = DefaultPhotoSource(
            id: "bench", title: "Bench", listing: .complete { _ in [] },
            downloader: ClosureImageDownloader { _, _ in
                downloads.withLock { $0 += 1 }
                return ImageData(bytes: sample, validator: "v1")
            })
        let items = (0..<300).map { DefaultPhotoSourceItem.image(id: "photo-\($0)", sourceID: "bench", title: "\($0)") }
        let spec = ThumbnailSpec(maxPixelSize: 256)
        try? FileManager.default.removeItem(at: folder)

        // Memory hits: one warm item, asked 20,000 times.
        let memoryCache = ThumbnailCache(.init(diskDirectory: nil))
        _ = try await memoryCache.thumbnail(for: items[0], from: source, spec: spec)
        var memory: [Double] = []
        for _ in 0..<20_000 {
            let start = ContinuousClock.now
            _ = try await memoryCache.thumbnail(for: items[0], from: source, spec: spec)
            memory.append(microseconds(since: start))
        }

        // Disk hits: warm 300 items on disk, then a new cache (empty memory) over the same folder.
        let warm = ThumbnailCache(.init(diskDirectory: folder))
        for item in items { _ = try await warm.thumbnail(for: item, from: source, spec: spec) }
        let cold = ThumbnailCache(.init(diskDirectory: folder))
        var disk: [Double] = []
        for item in items {
            let start = ContinuousClock.now
            _ = try await cold.thumbnail(for: item, from: source, spec: spec)
            disk.append(microseconds(since: start))
        }
        precondition(cold.counters.diskHits == items.count, "expected disk hits, got \(cold.counters)")

        // Coalescing: 100 concurrent requests for one new item.
        let fresh = ThumbnailCache(.init(diskDirectory: nil))
        let before = downloads.withLock { $0 }
        let item = DefaultPhotoSourceItem.image(id: "coalesce", sourceID: "bench", title: "c")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await fresh.thumbnail(for: item, from: source, spec: spec) } }
            try await group.waitForAll()
        }
        try? FileManager.default.removeItem(at: folder)
        return Result(
            memoryP50: percentile(memory, 0.50), memoryP99: percentile(memory, 0.99),
            diskP50: percentile(disk, 0.50), diskP99: percentile(disk, 0.99),
            concurrentRequests: 100, downloads: downloads.withLock { $0 } - before, decodes: fresh.counters.decodes)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    static func microseconds(since start: ContinuousClock.Instant) -> Double {
        DecodeLimit.seconds(since: start) * 1e6
    }
}
