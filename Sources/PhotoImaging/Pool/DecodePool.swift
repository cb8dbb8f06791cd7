public import Foundation
import Dispatch
import Synchronization
import PhotoSourceKit

/// A bounded pool of dedicated threads for CPU-heavy, blocking work: decoding, resampling,
/// encoding and the disk writes that follow them.
///
/// Work never runs on an actor or on Swift's cooperative thread pool, so a burst of large
/// decodes cannot starve the rest of the program. ``run(priority:_:)`` bridges to async with a
/// continuation. Normal work is always taken before ``Priority/low`` work (prefetching).
/// A call cancelled before its work has started never runs it and throws `.cancelled`;
/// work that has started runs to completion (C decoders cannot be interrupted safely).
///
/// Whole-image decodes (progressive JPEGs, Adam7 PNGs) share a memory budget: one that would
/// take the reserved total over ``wholeImageMemoryBudget`` waits for others to finish, and one
/// that alone exceeds it is refused with `.tooLarge` (see ``ImageLimits/maxWholeImageBytes`` for
/// the per-image cap). Other work is not counted: its memory follows the thumbnail size.
///
/// The threads exit once the pool is released and its queue is empty.
public final class DecodePool: Sendable {
    /// Which queue a piece of work waits in.
    public enum Priority: Sendable, Hashable {
        /// Work someone is waiting for now.
        case normal
        /// Speculative work (warming the next page); runs only when no normal work waits.
        case low
    }

    /// The number of threads.
    public let threadCount: Int
    /// The most bytes the pool's whole-image decodes may hold together.
    public var wholeImageMemoryBudget: Int64 { memoryBudget.capacity }
    /// The default budget: 1 GB, room for two decodes at the default per-image cap.
    public static let defaultWholeImageMemoryBudget: Int64 = 1_000_000_000
    private let queue: PoolQueue
    let memoryBudget: DecodeMemoryBudget

    /// One pool per process is usually right: as many threads as active cores.
    public static let shared = DecodePool()

    /// Starts `threadCount` threads (at least one); the default is the number of active cores.
    /// Whole-image decodes on the pool hold at most `wholeImageMemoryBudget` bytes together.
    public init(
        threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
        wholeImageMemoryBudget: Int64 = DecodePool.defaultWholeImageMemoryBudget
    ) {
        self.threadCount = max(1, threadCount)
        let queue = PoolQueue()
        self.queue = queue
        let memoryBudget = DecodeMemoryBudget(capacity: wholeImageMemoryBudget)
        self.memoryBudget = memoryBudget
        for index in 1...self.threadCount {
            let name = "DecodePool-\(index)"
            Thread {
                // Best effort: corelibs Foundation may lose a name set this early, so the pool
                // also marks its threads in the thread dictionary (see `currentThreadName`).
                Thread.current.name = name
                Thread.current.threadDictionary[Self.threadKey] = name
                memoryBudget.adoptForCurrentThread()
                queue.serve()
            }.start()
        }
    }

    private static let threadKey = "PhotoImaging.DecodePool"

    /// The name of the pool thread running the caller (`"DecodePool-1"`…), or `nil` off the pool.
    static var currentThreadName: String? {
        Thread.current.threadDictionary[threadKey] as? String
    }

    /// The number of queued calls waiting for a thread (cancelled ones count until a thread drops them).
    public var waitingCount: Int { queue.waitingCount }

    deinit {
        queue.stop(threadCount: threadCount)
    }

    /// Runs `work` on one of the pool's threads and returns its result.
    ///
    /// Errors that are not ``PhotoSourceError`` are wrapped as `.unknown`; a call cancelled
    /// before the work started throws `.cancelled`.
    public func run<T: Sendable>(
        priority: Priority = .normal, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await run(priority: priority, urgency: nil, work)
    }

    /// ``run(priority:_:)`` for low-priority work that may become wanted while it waits: once
    /// `urgency` is raised it is taken before the rest of the low-priority queue.
    func run<T: Sendable>(
        priority: Priority, urgency: PoolUrgency?, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let ticket = PoolTicket<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                guard ticket.arm(continuation) else { return }
                queue.enqueue(priority: priority, urgency: urgency) {
                    guard let continuation = ticket.start() else { return }
                    continuation.resume(with: Result {
                        do {
                            return try work()
                        } catch {
                            throw PhotoSourceError.wrapping(error, context: "Decoding")
                        }
                    })
                }
            }
        } onCancel: {
            ticket.cancel()
        }
    }
}

/// The life of one ``DecodePool/run(priority:_:)`` call: waiting, started or cancelled.
/// The continuation is resumed exactly once, by whoever moves the ticket out of `.waiting`.
private final class PoolTicket<T: Sendable>: Sendable {
    private enum State {
        case new
        case waiting(CheckedContinuation<T, any Error>)
        case started
        case cancelled
    }

    private let state = Mutex(State.new)

    /// Stores the continuation; `false` (after resuming it with `.cancelled`) if already cancelled.
    func arm(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let armed = state.withLock { state in
            guard case .new = state else { return false }
            state = .waiting(continuation)
            return true
        }
        if !armed { continuation.resume(throwing: Self.cancelledError) }
        return armed
    }

    /// Called on the pool thread: the continuation to resume, or `nil` if the call was cancelled.
    func start() -> CheckedContinuation<T, any Error>? {
        state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .started
            return continuation
        }
    }

    /// Cancels the call if its work has not started yet.
    func cancel() {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            switch state {
            case .new:
                state = .cancelled
                return nil
            case .waiting(let continuation):
                state = .cancelled
                return continuation
            case .started, .cancelled:
                return nil
            }
        }
        waiting?.resume(throwing: Self.cancelledError)
    }

    private static var cancelledError: PhotoSourceError {
        PhotoSourceError(.cancelled, "The image work was cancelled before it started.")
    }
}
