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

    /// Queues `work` and wakes one thread.
    func enqueue(priority: DecodePool.Priority, _ work: @escaping Work) {
        state.withLock { state in
            switch priority {
            case .normal: state.normal.push(work)
            case .low: state.low.push(work)
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
                state.normal.pop() ?? state.low.pop()
            }
            guard let next else { return }  // woken by stop() with nothing left to do
            next()
        }
    }
}

/// A first-in first-out queue of work with amortised O(1) push and pop.
private struct FIFO {
    private var items: [PoolQueue.Work?] = []
    private var head = 0

    var count: Int { items.count - head }

    mutating func push(_ work: @escaping PoolQueue.Work) {
        items.append(work)
    }

    mutating func pop() -> PoolQueue.Work? {
        guard head < items.count else { return nil }
        let work = items[head]
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return work
    }
}
