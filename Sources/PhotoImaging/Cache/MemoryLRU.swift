import Synchronization

/// A cost-limited least-recently-used cache, safe to call from any thread.
///
/// Lookups are synchronous and take one `Mutex` (`storage`); the entries form a doubly linked
/// list threaded through an array, so every operation is O(1). An entry costing more than
/// ``entryCostLimit`` (a tenth of the limit) is not kept at all, so one huge thumbnail cannot
/// flush everything else.
final class MemoryLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most total cost kept.
    let costLimit: Int
    /// The most one entry may cost: 10% of ``costLimit``.
    var entryCostLimit: Int { costLimit / 10 }

    private let storage: Mutex<LRUStorage<Key, Value>>

    /// Creates an empty cache holding at most `costLimit` (for example bytes).
    init(costLimit: Int) {
        self.costLimit = max(0, costLimit)
        self.storage = Mutex(LRUStorage())
    }

    /// The value for `key`, which becomes the most recently used; `nil` when absent.
    func value(for key: Key) -> Value? {
        storage.withLock { $0.value(for: key) }
    }

    /// Stores `value`, replacing any entry for `key`, then evicts least recently used entries
    /// until the total fits. Returns `false` (and stores nothing, removing any old entry) when
    /// `cost` exceeds ``entryCostLimit``.
    @discardableResult
    func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
        let limit = costLimit
        let entryLimit = entryCostLimit
        return storage.withLock { storage in
            guard cost <= entryLimit else {
                storage.remove(key)
                return false
            }
            storage.insert(value, for: key, cost: max(0, cost))
            storage.evict(toFit: limit)
            return true
        }
    }

    /// Removes the entry for `key`, if any.
    func removeValue(for key: Key) {
        storage.withLock { $0.remove(key) }
    }

    /// Removes every entry (not counted as evictions).
    func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    var keysByRecency: [Key] {
        storage.withLock { $0.keysByRecency() }
    }

    /// Total cost, entry count and evictions so far, read together.
    var statistics: (totalCost: Int, count: Int, evictions: Int) {
        storage.withLock { ($0.totalCost, $0.count, $0.evictions) }
    }
}

/// The unsynchronised state of a ``MemoryLRU``.
struct LRUStorage<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?
    private(set) var totalCost = 0
    private(set) var evictions = 0

    var count: Int { index.count }

    /// Empties the storage; the eviction count is kept.
    mutating func removeAll() {
        self = LRUStorage(evictions: evictions)
    }

    init(evictions: Int = 0) {
        self.evictions = evictions
    }

    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToNewest(slot)
        return nodes[slot]!.value
    }

    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        let node = Node(key: key, value: value, cost: cost, newer: nil, older: newest)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if let newest { nodes[newest]!.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        index[key] = slot
        totalCost += cost
    }

    mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= nodes[slot]!.cost
        nodes[slot] = nil
        free.append(slot)
    }

    mutating func evict(toFit limit: Int) {
        while totalCost > limit, let oldest {
            remove(nodes[oldest]!.key)
            evictions += 1
        }
    }

    func keysByRecency() -> [Key] {
        var keys: [Key] = []
        var cursor = newest
        while let slot = cursor {
            keys.append(nodes[slot]!.key)
            cursor = nodes[slot]!.older
        }
        return keys
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot]!.older = newest
        nodes[slot]!.newer = nil
        if let newest { nodes[newest]!.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let node = nodes[slot]!
        if let newer = node.newer { nodes[newer]!.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]!.newer = node.newer } else { oldest = node.newer }
        nodes[slot]!.newer = nil
        nodes[slot]!.older = nil
    }
}
