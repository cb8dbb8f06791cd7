import Foundation
import Synchronization

/// A fixed-window counter per key (a hashed session token, or a client address): at most
/// `limit` requests per window; beyond that, how many seconds until the window turns.
///
/// Counts live in this process: each instance limits on its own, which bounds a client to
/// `limit × instances`. The PostgreSQL store's plan moves them into the database (see
/// docs/ARCHITECTURE.md) when a shop runs many instances.
final class RateLimiter: Sendable {
    private struct Window {
        var start: Date
        var count: Int
    }

    private let limit: Int
    private let window: TimeInterval
    private let windows = Mutex([String: Window]())

    init(limit: Int, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Counts a request for `key`; `nil` when allowed, else the seconds to wait.
    func admit(_ key: String, now: Date = Date()) -> Int? {
        windows.withLock { windows in
            if windows.count > 100_000 { windows = windows.filter { now.timeIntervalSince($0.value.start) < window } }
            var current = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(current.start) >= window { current = Window(start: now, count: 0) }
            current.count += 1
            windows[key] = current
            guard current.count > limit else { return nil }
            return max(1, Int((window - now.timeIntervalSince(current.start)).rounded(.up)))
        }
    }
}
