public import PhotoSourceKit

/// The shared thumbnail cache: memory, then disk, then one coalesced download and decode.
///
/// ```swift
/// let cache = ThumbnailCache(ThumbnailCache.Configuration(diskDirectory: folder))
/// let thumbnail = try await cache.thumbnail(for: item, from: source, spec: ThumbnailSpec(maxPixelSize: 256))
/// ```
///
/// **Tiers.** A cost-limited LRU in memory (a `Mutex`, synchronous lookups), then a folder on
/// disk (atomic writes, checksummed reads, LRU sweep to 70% of its limit, shareable between
/// processes). A disk that cannot be written degrades to memory only with a logged warning.
///
/// **Keys and versions.** A slot is (source id, item id, spec). Each entry also records the
/// item's validator (ETag, modification time; a hash of the bytes when the download carried
/// none) from the download it was made from, and is served only when that matches the item's
/// current version, so a new version never gets the old thumbnail, in this process or any other
/// sharing the disk folder. The current version is, in order:
/// 1. what the downloader says, when it conforms to ``ImageValidating`` (local files: a `stat`);
///    a validator that throws (the file is gone) forces a download, which reports the error;
/// 2. otherwise the latest validator downloaded in this process;
/// 3. otherwise unknown: a thumbnail in memory is served, but a disk entry (perhaps written by
///    another process from an older version) only after one download shows it is current; the
///    render is skipped then.
///
/// **Coalescing.** Concurrent requests for one slot share one download and one render. A caller
/// that is cancelled stops waiting without disturbing the others; when the last one leaves, the
/// job is cancelled (the downloader sees the cancellation).
///
/// **Work.** Rendering (and writing the disk entry) runs on a ``DecodePool`` of dedicated
/// threads, never on an actor or the cooperative pool. Disk reads are small and run inline.
///
/// **Policy and errors.** `item.cachePolicy.shouldUseCached == false` skips both tiers;
/// `shouldCache == false` stores nothing. The downloader's ``PhotoSourceError`` passes through;
/// a failed render is never cached, so the next request tries again.
public final class ThumbnailCache: Sendable {
    /// The configuration the cache was created with.
    public let configuration: Configuration

    let memory: MemoryLRU<CacheKey, StoredThumbnail>
    let disk: DiskStore?
    let pool: DecodePool
    let validators = ValidatorBook()
    let jobs = InFlightJobs<JobKey, Thumbnail>()
    let events = CacheCounters()

    /// Creates a cache; opening the disk folder never fails (problems are logged and the cache
    /// runs from memory).
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        memory = MemoryLRU(costLimit: configuration.memoryLimit)
        disk = configuration.diskDirectory.map {
            DiskStore(directory: $0, sizeLimit: configuration.diskLimit, log: configuration.log)
        }
        pool = DecodePool(threadCount: configuration.decodeThreads)
    }

    /// The thumbnail of `item` as described by `spec`: from memory, from disk, or freshly made.
    ///
    /// Throws the downloader's ``PhotoSourceError`` (for example `.notFound`), the renderer's
    /// (`.unsupportedFormat`, `.tooLarge`, `.invalidData`), or `.cancelled`.
    public func thumbnail(for item: any PhotoSourceItem, from source: any PhotoSource, spec: ThumbnailSpec) async throws -> Thumbnail {
        try await thumbnail(for: item, from: source, spec: spec, priority: .normal)
    }

    /// The thumbnail stored for `itemID` of the source `sourceID` at `spec`, made from the
    /// version `validator`, from memory or else disk; `nil` when neither tier has that version.
    ///
    /// Asks the source nothing: for callers that already know the version they want (a URL
    /// that pins it). Counts as a memory or disk hit; a miss is not counted (the caller goes on
    /// to ``thumbnail(for:from:spec:)``, which counts it).
    public func storedThumbnail(sourceID: String, itemID: String, spec: ThumbnailSpec, validator: String) -> Thumbnail? {
        storedThumbnail(for: CacheKey(item: ItemReference(sourceID: sourceID, itemID: itemID), spec: spec), version: .known(validator))
    }

    /// Like ``storedThumbnail(sourceID:itemID:spec:validator:)``, from memory only: never reads
    /// the disk, so an event loop may call it (the service's signed-thumbnail fast path).
    public func memoryThumbnail(sourceID: String, itemID: String, spec: ThumbnailSpec, validator: String) -> Thumbnail? {
        let slot = CacheKey(item: ItemReference(sourceID: sourceID, itemID: itemID), spec: spec)
        guard let stored = memory.value(for: slot), ItemVersion.known(validator).accepts(stored.validator) else { return nil }
        events.bump(\.memoryHits)
        return stored.thumbnail
    }

    /// Makes sure the thumbnails of the image items among `items` are cached, at low priority
    /// (normal requests go first on the decode pool). Failures are ignored; cancel the returned
    /// task to stop (for example when the user leaves the page), or await it to know it is done.
    @discardableResult
    public func prefetch(items: [any PhotoSourceItem], from source: any PhotoSource, spec: ThumbnailSpec) -> Task<Void, Never> {
        let images = items.filter(\.isImage)
        let width = pool.threadCount * 2
        return Task(priority: .low) {
            await withTaskGroup(of: Void.self) { group in
                for (index, item) in images.enumerated() {
                    if index >= width { await group.next() }
                    if Task.isCancelled { break }
                    group.addTask {
                        _ = try? await self.thumbnail(for: item, from: source, spec: spec, priority: .low)
                    }
                }
            }
        }
    }

    /// Empties both tiers and forgets the validators seen (jobs in flight finish and are stored).
    public func removeAll() {
        memory.removeAll()
        disk?.removeAll()
        validators.removeAll()
    }

    /// A snapshot of the counters and the tiers' sizes.
    public var counters: Counters {
        var counters = events.snapshot
        let memoryStatistics = memory.statistics
        counters.bytesInMemory = memoryStatistics.totalCost
        counters.memoryEvictions = memoryStatistics.evictions
        counters.bytesOnDisk = disk?.bytesOnDisk ?? 0
        counters.diskEvictions = disk?.evictions ?? 0
        return counters
    }

    /// Whether new thumbnails are still written to disk (`false` without a disk tier or after a
    /// write failed).
    public var isDiskWritable: Bool { disk?.isWritable ?? false }
}
