import Synchronization

/// A flag that low-priority pool work carries, so that work someone starts waiting for (a
/// prefetched thumbnail the user now asks for) can be taken ahead of the other low-priority work.
///
/// Raising it after the work has started or finished does nothing.
final class PoolUrgency: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Marks the work as wanted now.
    func raise() { raised.store(true, ordering: .relaxed) }

    /// Whether ``raise()`` has been called.
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
