import Foundation
@testable import PhotoSourceService
import Testing

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("the table stays within its capacity under many distinct keys; the ones past it share one overflow budget")
    func boundedTable() {
        let limiter = RateLimiter(limit: 3, capacity: 100)
        let now = Date()
        // When: 10,000 distinct keys, one request each
        var refused = 0
        for index in 0..<10_000 where limiter.admit("address:\(index)", now: now) != nil { refused += 1 }
        // Then: at most 100 are tracked, and the 9,900 newcomers shared 3 requests
        #expect(limiter.trackedKeys == 100)
        #expect(refused == 9_900 - 3)
        // A key tracked before still has its own budget.
        #expect(limiter.admit("address:7", now: now) == nil)
    }

    @Test("windows that turned are swept out when the table is full, making room for new keys")
    func sweepMakesRoom() {
        let limiter = RateLimiter(limit: 3, window: 60, capacity: 10)
        let start = Date()
        for index in 0..<10 { _ = limiter.admit("old:\(index)", now: start) }
        #expect(limiter.trackedKeys == 10)
        let later = start.addingTimeInterval(61)
        #expect(limiter.admit("new", now: later) == nil)
        #expect(limiter.trackedKeys == 1)
    }

    @Test("an untracked key is left to the caller; a tracked one is counted against its own limit")
    func trackedOnly() {
        let limiter = RateLimiter(limit: 2)
        let now = Date()
        #expect(limiter.admitIfTracked("session:a", now: now) == .untracked)
        #expect(limiter.trackedKeys == 0)
        #expect(limiter.admit("session:a", now: now) == nil)
        #expect(limiter.admitIfTracked("session:a", now: now) == .admitted)
        #expect(limiter.admitIfTracked("session:a", now: now) == .limited(retryAfter: 60))
        #expect(limiter.admitIfTracked("session:a", now: now.addingTimeInterval(60)) == .admitted)
    }
}
