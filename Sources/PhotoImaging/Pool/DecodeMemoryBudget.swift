import Foundation
import PhotoSourceKit

/// The memory a ``DecodePool`` lets its whole-image decodes (progressive JPEGs, Adam7 PNGs)
/// hold at once, so `--jobs N` cannot multiply the worst case by N.
///
/// A decode reserves its cost (computed from the header) before allocating. When the budget
/// is full it waits, on its pool thread, until earlier reservations are released; reservations
/// are granted in arrival order, so a large decode is not starved by a stream of small ones.
/// A reservation larger than the whole budget can never be granted and throws `.tooLarge`.
/// Every decode reserves at most once and releases before it finishes, so waiting cannot
/// deadlock: whoever holds memory is running, not waiting.
///
/// `@unchecked Sendable`: every stored `var` is guarded by `condition` (an `NSCondition`).
final class DecodeMemoryBudget: @unchecked Sendable {  // every var guarded by `condition` (NSCondition)
    /// The most bytes reserved at once.
    let capacity: Int64

    private let condition = NSCondition()
    private var reserved: Int64 = 0
    private var peak: Int64 = 0
    private var waiting = 0
    private var nextTicket = 0
    private var serving = 0

    /// A budget of `capacity` bytes (at least 1).
    init(capacity: Int64) {
        self.capacity = max(1, capacity)
    }

    /// The largest total reservation held at once so far.
    var peakReserved: Int64 { condition.withLock { peak } }

    /// The bytes reserved now.
    var reservedNow: Int64 { condition.withLock { reserved } }

    /// How many reservations are waiting for room.
    var waitingCount: Int { condition.withLock { waiting } }

    /// Reserves `bytes` (waiting for room), runs `body`, then releases them.
    /// - Throws: `.tooLarge` when `bytes` exceed the whole budget (`kind` names the image).
    func withReservation<T>(_ bytes: Int64, kind: String, _ body: () throws -> T) throws -> T {
        try reserve(bytes, kind: kind)
        defer { release(bytes) }
        return try body()
    }

    private func reserve(_ bytes: Int64, kind: String) throws {
        guard bytes <= capacity else {
            throw PhotoSourceError(
                .tooLarge,
                "The \(kind) needs about \(ImageLimits.megabytes(bytes)) MB to decode, more than the "
                    + "\(ImageLimits.megabytes(capacity)) MB the decode pool allows all whole-image decodes together; "
                    + "raise DecodePool's wholeImageMemoryBudget.")
        }
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        waiting += 1
        while ticket != serving || reserved + bytes > capacity {
            condition.wait()
        }
        waiting -= 1
        serving += 1
        reserved += bytes
        peak = max(peak, reserved)
        condition.broadcast()  // the next ticket may fit too
    }

    private func release(_ bytes: Int64) {
        condition.withLock {
            reserved -= bytes
            condition.broadcast()
        }
    }

    // MARK: - The budget of the running pool thread

    private static let threadKey = "PhotoImaging.DecodeMemoryBudget"

    /// The budget of the pool whose thread is running the caller, or `nil` off the pool.
    static var current: DecodeMemoryBudget? {
        Thread.current.threadDictionary[threadKey] as? DecodeMemoryBudget
    }

    /// Makes `self` the budget of the calling thread (done once by each pool thread).
    func adoptForCurrentThread() {
        Thread.current.threadDictionary[Self.threadKey] = self
    }

    /// Runs `body` under a reservation of `bytes` from the current pool's budget; off the pool
    /// (a direct ``ImageDecoder`` call) there is no shared budget and `body` just runs.
    static func withCurrentReservation<T>(_ bytes: Int64, kind: String, _ body: () throws -> T) throws -> T {
        guard let budget = current else { return try body() }
        return try budget.withReservation(bytes, kind: kind, body)
    }
}
