import Foundation
import PhotoSourceKit

/// A thumbnail with the validator of the download it was made from.
struct StoredThumbnail: Sendable {
    var thumbnail: Thumbnail
    var validator: String
}

/// The in-flight table's key: a bypassing request never joins a job that may answer from the tiers.
struct JobKey: Hashable, Sendable {
    var slot: CacheKey
    var usesCached: Bool
}

/// What the cache knows of an item's current version.
enum ItemVersion: Equatable {
    /// Nothing yet in this process: a thumbnail in memory (made or checked in this process) is
    /// served, but a disk entry, possibly written by another process from an older version, is
    /// only served after a download shows it current.
    case unknown
    /// This validator: only entries made from it are served.
    case known(String)
    /// The downloader could not tell (the file is gone): nothing stored is served.
    case unavailable

    /// Whether an entry made from `validator` may be served.
    func accepts(_ validator: String) -> Bool {
        switch self {
        case .unknown: true
        case .known(let current): current == validator
        case .unavailable: false
        }
    }
}

extension ThumbnailCache {
    /// ``thumbnail(for:from:spec:)`` with the decode pool priority of a job it starts.
    func thumbnail(
        for item: any PhotoSourceItem, from source: any PhotoSource, spec: ThumbnailSpec, priority: DecodePool.Priority
    ) async throws -> Thumbnail {
        let slot = CacheKey(item: ItemReference(sourceID: source.id, itemID: item.id), spec: spec)
        let policy = item.cachePolicy
        if policy.shouldUseCached {
            let version = await currentVersion(of: item, from: source, slot: slot)
            if let hit = storedThumbnail(for: slot, version: version) { return hit }
        }
        events.bump(\.misses)
        let events = events
        return try await jobs.value(
            for: JobKey(slot: slot, usesCached: policy.shouldUseCached),
            priority: priority == .low ? .low : Task.currentPriority, urgent: priority == .normal,
            onJoin: { events.bump(\.coalescedJoins) },
            work: { urgency in
                try await self.makeThumbnail(slot, of: item, from: source, policy: policy, priority: priority, urgency: urgency)
            })
    }

    /// The item's current version (see the type's documentation).
    private func currentVersion(of item: any PhotoSourceItem, from source: any PhotoSource, slot: CacheKey) async -> ItemVersion {
        if let validating = source.downloader as? any ImageValidating {
            do {
                if let validator = try await validating.currentValidator(for: item, from: source) {
                    validators.record(validator, for: slot.item)
                    return .known(validator)
                }
            } catch {
                return .unavailable
            }
        }
        return validators.validator(for: slot.item).map(ItemVersion.known) ?? .unknown
    }

    /// A stored thumbnail the version accepts, from memory or else disk (copied into memory).
    /// Disk entries need a known version: the folder may be shared with other processes and
    /// outlive this one, so an entry is never served on trust.
    func storedThumbnail(for slot: CacheKey, version: ItemVersion) -> Thumbnail? {
        if let stored = memory.value(for: slot), version.accepts(stored.validator) {
            events.bump(\.memoryHits)
            return stored.thumbnail
        }
        guard case .known(let current) = version, let disk, let entry = disk.entry(for: slot), entry.validator == current
        else { return nil }
        events.bump(\.diskHits)
        memory.insert(StoredThumbnail(thumbnail: entry.thumbnail, validator: entry.validator), for: slot, cost: entry.thumbnail.data.count)
        return entry.thumbnail
    }

    /// The shared job: download, then (unless the tiers have this version after all) render and
    /// store. A prefetch's render waits in the pool's low queue until someone asks for it
    /// (`urgency`), and then goes ahead of the other prefetches.
    private func makeThumbnail(
        _ slot: CacheKey, of item: any PhotoSourceItem, from source: any PhotoSource, policy: CachePolicy,
        priority: DecodePool.Priority, urgency: PoolUrgency
    ) async throws -> Thumbnail {
        events.bump(\.downloads)
        let image: ImageData
        do {
            // The original when the source's thumbnails are smaller than asked.
            let variant = source.variant(forThumbnailOf: slot.spec.maxPixelSize)
            image = try await source.downloader.download(item, from: source, variant: variant)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Downloading \(item.title)")
        }
        let validator = image.validator ?? ContentDigest.validator(of: image.bytes)
        validators.record(validator, for: slot.item)
        if policy.shouldUseCached, let stored = storedThumbnail(for: slot, version: .known(validator)) {
            return stored  // made by another process or an earlier job from this very version
        }
        if Task.isCancelled { throw PhotoSourceError(.cancelled, "Making the thumbnail of \(item.title) was cancelled.") }
        let renderer = configuration.renderer
        let limits = configuration.imageLimits
        let (events, disk) = (events, disk)
        let thumbnail = try await pool.run(priority: priority, urgency: urgency) {
            events.bump(\.decodes)
            let thumbnail = try renderer(image.bytes, slot.spec, limits)
            if policy.shouldCache {
                disk?.store(DiskEntry(key: slot.canonical, validator: validator, thumbnail: thumbnail), for: slot)
            }
            return thumbnail
        }
        if policy.shouldCache {
            memory.insert(StoredThumbnail(thumbnail: thumbnail, validator: validator), for: slot, cost: thumbnail.data.count)
        }
        return thumbnail
    }
}
