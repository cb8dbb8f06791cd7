import Synchronization

/// The latest validator seen for each item in this process, guarded by the `Mutex` `latest`.
///
/// Bounded: past ``capacity`` items the book starts over, which only means some lookups fall
/// back to "version unknown" until the items are seen again.
final class ValidatorBook: Sendable {
    /// The most items remembered.
    let capacity: Int
    private let latest = Mutex([ItemReference: String]())

    init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }

    /// The last validator recorded for `item`.
    func validator(for item: ItemReference) -> String? {
        latest.withLock { $0[item] }
    }

    /// Records `validator` as the current version of `item`.
    func record(_ validator: String, for item: ItemReference) {
        let capacity = capacity
        latest.withLock { latest in
            if latest.count >= capacity, latest[item] == nil { latest.removeAll(keepingCapacity: true) }
            latest[item] = validator
        }
    }

    /// Forgets everything.
    func removeAll() {
        latest.withLock { $0.removeAll() }
    }
}
