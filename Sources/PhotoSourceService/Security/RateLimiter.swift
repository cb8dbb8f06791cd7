import Foundation
import Synchronization

/// A fixed-window counter per key (a verified session, an API key, a client address): at most
/// `limit` requests per window; beyond that, how many seconds until the window turns.
///
/// Bounded: it tracks at most `capacity` keys. When a new key finds the table full, windows that
/// have turned are swept out (at most once a second, so a flood of new keys cannot make every
/// request pay for a sweep); if it is still full, the new key is counted in one shared overflow
/// window until room frees up. Memory and the time under the lock stay flat however many
/// distinct keys arrive; only keys the caller chose to track (verified or addresses) get in.
///
/// Counts live in this process: each instance limits on its own, which bounds a client to
/// `limit × instances`. The PostgreSQL store's plan moves them into the database (see
/// docs/ARCHITECTURE.md) when a shop runs many instances.
final class RateLimiter: Sendable {
    /// What ``admitIfTracked(_:now:)`` found.
    enum Admission: Equatable {
        /// The key has no window: the caller decides whom to charge instead.
        case untracked
        /// Counted and within the limit.
        case admitted
        /// Over the limit: retry after this many seconds.
        case limited(retryAfter: Int)
    }

    private struct Window {
        var start: Date
        var count: Int
    }

    private struct Table {
        var windows: [String: Window] = [:]
        var overflow: Window?
        var lastSweep = Date.distantPast
    }

    /// Requests allowed per window.
    let limit: Int
    /// The most keys tracked.
    let capacity: Int
    private let window: TimeInterval
    private let table = Mutex(Table())

    /// A limiter of `limit` requests per `window` seconds, tracking at most `capacity` keys.
    init(limit: Int, window: TimeInterval = 60, capacity: Int = 100_000) {
        self.limit = limit
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Counts a request for `key`, tracking the key from now on; `nil` when allowed, else the seconds to wait.
    func admit(_ key: String, now: Date = Date()) -> Int? {
        table.withLock { table in
            if table.windows[key] == nil, table.windows.count >= capacity { sweep(&table, now: now) }
            if table.windows[key] == nil, table.windows.count >= capacity {
                return count(&table.overflow, now: now)
            }
            return count(&table.windows[key], now: now)
        }
    }

    /// Counts a request for `key` only when the key is already tracked.
    func admitIfTracked(_ key: String, now: Date = Date()) -> Admission {
        table.withLock { table in
            guard table.windows[key] != nil else { return .untracked }
            return count(&table.windows[key], now: now).map { .limited(retryAfter: $0) } ?? .admitted
        }
    }

    /// How many keys are tracked (for tests and metrics).
    var trackedKeys: Int { table.withLock { $0.windows.count } }

    private func count(_ slot: inout Window?, now: Date) -> Int? {
        var current = slot ?? Window(start: now, count: 0)
        if now.timeIntervalSince(current.start) >= window { current = Window(start: now, count: 0) }
        current.count += 1
        slot = current
        guard current.count > limit else { return nil }
        return max(1, Int((window - now.timeIntervalSince(current.start)).rounded(.up)))
    }

    private func sweep(_ table: inout Table, now: Date) {
        guard now.timeIntervalSince(table.lastSweep) >= 1 else { return }
        table.lastSweep = now
        table.windows = table.windows.filter { now.timeIntervalSince($0.value.start) < window }
    }
}
