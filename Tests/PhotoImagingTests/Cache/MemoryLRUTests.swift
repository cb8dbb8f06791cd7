import Testing
@testable import PhotoImaging

@Suite("MemoryLRU")
struct MemoryLRUTests {
    @Test("a lookup makes an entry the most recently used")
    func recencyOrder() {
        let lru = MemoryLRU<String, Int>(costLimit: 100)
        for (index, key) in ["a", "b", "c"].enumerated() { lru.insert(index, for: key, cost: 1) }
        #expect(lru.keysByRecency == ["c", "b", "a"])

        // When
        let value = lru.value(for: "a")

        // Then
        #expect(value == 0)
        #expect(lru.keysByRecency == ["a", "c", "b"])
        #expect(lru.value(for: "missing") == nil)
    }

    @Test("going over the limit evicts the least recently used entries first")
    func evictsLeastRecentlyUsed() {
        let lru = MemoryLRU<Int, Int>(costLimit: 100)
        for key in 0..<10 { lru.insert(key, for: key, cost: 10) }
        _ = lru.value(for: 0)  // 0 is now the most recent; 1 the least

        // When
        lru.insert(10, for: 10, cost: 10)
        lru.insert(11, for: 11, cost: 10)

        // Then
        #expect(lru.value(for: 0) == 0)
        #expect(lru.value(for: 1) == nil)
        #expect(lru.value(for: 2) == nil)
        let statistics = lru.statistics
        #expect(statistics.totalCost == 100)
        #expect(statistics.count == 10)
        #expect(statistics.evictions == 2)
    }

    @Test("replacing and removing entries keeps the cost exact")
    func costAccounting() {
        let lru = MemoryLRU<String, String>(costLimit: 1000)
        lru.insert("one", for: "a", cost: 30)
        lru.insert("two", for: "b", cost: 50)
        lru.insert("three", for: "a", cost: 70)  // replaces a
        #expect(lru.statistics.totalCost == 120)
        #expect(lru.value(for: "a") == "three")

        lru.removeValue(for: "b")
        #expect(lru.statistics.totalCost == 70)
        #expect(lru.statistics.count == 1)

        lru.removeAll()
        #expect(lru.statistics.totalCost == 0)
        #expect(lru.value(for: "a") == nil)
        #expect(lru.statistics.evictions == 0)
    }

    @Test("an entry over 10% of the limit is not kept, and replaces nothing")
    func perEntryCap() {
        let lru = MemoryLRU<String, Int>(costLimit: 1000)
        #expect(lru.entryCostLimit == 100)
        lru.insert(1, for: "small", cost: 60)
        #expect(lru.insert(2, for: "exact", cost: 100))

        // When
        let kept = lru.insert(3, for: "small", cost: 101)

        // Then
        #expect(!kept)
        #expect(lru.value(for: "small") == nil)  // the stale value under that key is gone too
        #expect(lru.statistics.totalCost == 100)
        #expect(lru.statistics.evictions == 0)
    }

    @Test("slots freed by removal are reused without corrupting the order")
    func slotReuse() {
        let lru = MemoryLRU<Int, Int>(costLimit: 10_000)
        for key in 0..<50 { lru.insert(key, for: key, cost: 1) }
        for key in stride(from: 0, to: 50, by: 2) { lru.removeValue(for: key) }
        for key in 100..<110 { lru.insert(key, for: key, cost: 1) }
        let expected = Array((100..<110).reversed()) + Array(stride(from: 49, through: 1, by: -2))
        #expect(lru.keysByRecency == expected)
        #expect(lru.statistics.totalCost == expected.count)
    }
}
