import PhotoSourceKit
import Synchronization

/// Remembers the index of every recently listed folder and the pixel sizes read for its photos.
///
/// - **Index:** keyed by the folder's real path and valid while the folder's ``FolderStamp``
///   (device, inode, mtime in nanoseconds) is unchanged. Because file systems store mtimes with
///   a coarse clock, a change in the same clock tick as the scan could keep the old mtime; so an
///   index is trusted only when the folder's mtime is at least ``settleTime`` older than the
///   scan (as git does for its racily clean index). A folder being written to is simply rescanned.
/// - **Pixel sizes:** remembered per (name, inode, size, mtime); they survive a rescan of their
///   folder, so adding one file to a 100,000-photo folder does not reread any header.
///
/// A `Mutex` guards the state; it is held only for dictionary work, never during disk reads.
final class FolderIndexCache: Sendable {
    private struct Slot {
        var index: FolderIndex
        var probes: [String: ImageProbe]
        var lastUse: UInt64
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var clock: UInt64 = 0
        var builds = 0
    }

    /// How many folders are remembered; the least recently listed is forgotten first.
    let capacity: Int
    /// How much older than a scan the folder's mtime must be for the scan to be trusted.
    let settleTime: Duration
    private let state = Mutex(State())

    init(capacity: Int = 64, settleTime: Duration = .seconds(1)) {
        self.capacity = max(1, capacity)
        self.settleTime = settleTime
    }

    /// How many indexes were built so far (for tests and diagnostics).
    var buildCount: Int { state.withLock { $0.builds } }

    /// The index of the folder at `path` whose current stamp is `stamp`; calls `build` when
    /// there is none, or when the cached one is stale or not yet trustworthy.
    func index(at path: String, stamp: FolderStamp, build: () throws -> FolderIndex) throws -> FolderIndex {
        let cached: FolderIndex? = state.withLock { state in
            guard var slot = state.slots[path], slot.index.stamp == stamp,
                slot.index.builtAt.since(stamp.modified) >= settleTime
            else { return nil }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[path] = slot
            return slot.index
        }
        if let cached { return cached }
        let fresh = try build()
        state.withLock { state in
            state.builds += 1
            state.clock += 1
            var probes = state.slots[path]?.probes ?? [:]
            if !probes.isEmpty {
                let names = Set(fresh.entries.lazy.map(\.name))
                probes = probes.filter { names.contains($0.key) }
            }
            state.slots[path] = Slot(index: fresh, probes: probes, lastUse: state.clock)
            while state.slots.count > capacity,
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.slots[oldest] = nil
            }
        }
        return fresh
    }

    /// The remembered probes of `names` in the folder at `path`.
    func probes(of names: [String], at path: String) -> [String: ImageProbe] {
        state.withLock { state in
            guard let slot = state.slots[path] else { return [:] }
            var found: [String: ImageProbe] = [:]
            for name in names {
                if let probe = slot.probes[name] { found[name] = probe }
            }
            return found
        }
    }

    /// Remembers fresh probes of files in the folder at `path`.
    func remember(_ probes: [String: ImageProbe], at path: String) {
        guard !probes.isEmpty else { return }
        state.withLock { state in
            state.slots[path]?.probes.merge(probes) { _, new in new }
        }
    }
}
