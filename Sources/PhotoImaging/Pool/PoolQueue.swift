import Dispatch
import Synchronization

/// The two work queues of a ``DecodePool`` and the signal its threads sleep on.
///
/// `state` (a `Mutex`) guards both queues; `available` counts queued items plus stop
/// requests, so a thread wakes exactly once per item.
final class PoolQueue: Sendable {
    typealias Work = @Sendable () -> Void

    private struct State {
        var normal = FIFO()
        var low = FIFO()
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    /// Queues `work` and wakes one thread. Low-priority work whose `urgency` is raised while it
    /// waits is taken before the rest of the low-priority queue (after the normal queue).
    func enqueue(priority: DecodePool.Priority, urgency: PoolUrgency? = nil, _ work: @escaping Work) {
        state.withLock { state in
            switch priority {
            case .normal: state.normal.push(work)
            case .low: state.low.push(work, urgency: urgency)
            }
        }
        available.signal()
    }

    /// The number of items waiting (for tests and diagnostics).
    var waitingCount: Int {
        state.withLock { $0.normal.count + $0.low.count }
    }

    /// Asks every thread to exit once the queues are empty (nothing may be queued afterwards).
    func stop(threadCount: Int) {
        for _ in 0..<threadCount { available.signal() }
    }

    /// A thread's body: runs work until stopped.
    func serve() {
        while true {
            available.wait()
            let next: Work? = state.withLock { state in
                state.normal.pop() ?? state.low.popFirstUrgent() ?? state.low.pop()
            }
            guard let next else { return }  // woken by stop() with nothing left to do
            next()
        }
    }
}

/// A first-in first-out queue of work with amortised O(1) push and pop; an item whose urgency
/// has been raised can be taken out of order (a linear scan: the low queue holds a page or two).
private struct FIFO {
    private struct Entry {
        var work: PoolQueue.Work
        var urgency: PoolUrgency?
    }

    /// `nil` marks an entry already taken out of order.
    private var items: [Entry?] = []
    private var head = 0
    private(set) var count = 0

    mutating func push(_ work: @escaping PoolQueue.Work, urgency: PoolUrgency? = nil) {
        items.append(Entry(work: work, urgency: urgency))
        count += 1
    }

    mutating func pop() -> PoolQueue.Work? {
        while head < items.count {
            let entry = items[head]
            items[head] = nil
            head += 1
            if let entry {
                compact()
                count -= 1
                return entry.work
            }
        }
        compact()
        return nil
    }

    /// Takes the oldest entry whose urgency has been raised, if any.
    mutating func popFirstUrgent() -> PoolQueue.Work? {
        for index in head ..< items.count where items[index]?.urgency?.isRaised == true {
            let work = items[index]!.work
            items[index] = nil
            count -= 1
            return work
        }
        return nil
    }

    private mutating func compact() {
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
    }
}
