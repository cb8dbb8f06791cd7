import Synchronization

extension ThumbnailCache {
    /// What the cache has done since it was created: a snapshot, read synchronously.
    public struct Counters: Sendable, Hashable, CustomStringConvertible {
        /// Requests answered from memory.
        public var memoryHits = 0
        /// Requests answered from disk, including those where a download was needed first to
        /// learn the item's version (the thumbnail was not rendered again).
        public var diskHits = 0
        /// Requests that neither tier answered without a download (including bypasses for
        /// `shouldUseCached == false`, and disk entries whose version had to be checked first).
        public var misses = 0
        /// Downloads started.
        public var downloads = 0
        /// Renders started on the decode pool.
        public var decodes = 0
        /// Requests that joined a job another request had started.
        public var coalescedJoins = 0
        /// Thumbnails dropped from memory to make room.
        public var memoryEvictions = 0
        /// Entries deleted from disk by sweeps.
        public var diskEvictions = 0
        /// The bytes of thumbnails in memory now.
        public var bytesInMemory = 0
        /// The bytes of entries on disk now (approximate when another process shares the folder).
        public var bytesOnDisk = 0

        /// Memory and disk evictions together.
        public var evictions: Int { memoryEvictions + diskEvictions }

        /// Creates counters (all zero by default).
        public init() {}

        /// One line, for logs and the CLI.
        public var description: String {
            "memory hits \(memoryHits), disk hits \(diskHits), misses \(misses), downloads \(downloads), "
                + "decodes \(decodes), joins \(coalescedJoins), evictions \(memoryEvictions)+\(diskEvictions), "
                + "\(bytesInMemory) B in memory, \(bytesOnDisk) B on disk"
        }
    }
}

/// The event counters of a ``ThumbnailCache``, guarded by the `Mutex` `counts`.
final class CacheCounters: Sendable {
    private let counts = Mutex(ThumbnailCache.Counters())

    /// Adds one to the counter at `field`.
    func bump(_ field: WritableKeyPath<ThumbnailCache.Counters, Int>) {
        counts.withLock { $0[keyPath: field] += 1 }
    }

    /// The event counts (the tiers' sizes and evictions are filled in by the cache).
    var snapshot: ThumbnailCache.Counters { counts.withLock { $0 } }
}
