import Dispatch
import Foundation
@testable import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("DecodePool")
struct DecodePoolTests {
    @Test("work runs on one of the pool's own threads and returns its value")
    func runsOnPoolThread() async throws {
        let pool = DecodePool(threadCount: 2)
        let name = try await pool.run { DecodePool.currentThreadName }
        #expect(name?.hasPrefix("DecodePool-") == true)
        #expect(DecodePool.currentThreadName == nil)
        #expect(pool.threadCount == 2)
    }

    @Test("errors come back as PhotoSourceError, ours unchanged and others wrapped")
    func errors() async throws {
        struct Strange: Error {}
        let pool = DecodePool(threadCount: 1)
        let ours = await #expect(throws: PhotoSourceError.self) {
            try await pool.run { () throws -> Int in throw PhotoSourceError(.tooLarge, "Too big.") }
        }
        #expect(ours?.code == .tooLarge)
        let wrapped = await #expect(throws: PhotoSourceError.self) {
            try await pool.run { () throws -> Int in throw Strange() }
        }
        #expect(wrapped?.code == .unknown)
        #expect(wrapped?.underlying is Strange)
    }

    @Test("work cancelled while queued never runs")
    func cancelledWorkDoesNotRun() async throws {
        let (pool, busy) = await Self.occupiedPool()
        let ran = Locked(false)
        let queued = Task { try await pool.run { ran.mutate { $0 = true } } }
        #expect(await eventually { pool.waitingCount == 1 })

        // When
        queued.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await queued.value }
        try await busy.release()
        try await pool.run {}  // the dropped item has been passed by now

        // Then
        #expect(error?.code == .cancelled)
        #expect(ran.value == false)
    }

    @Test("normal work is taken before low-priority work")
    func priorities() async throws {
        let (pool, busy) = await Self.occupiedPool()
        let order = Locked([String]())
        let low = Task { try await pool.run(priority: .low) { order.mutate { $0.append("low") } } }
        #expect(await eventually { pool.waitingCount == 1 })
        let normal = Task { try await pool.run { order.mutate { $0.append("normal") } } }
        #expect(await eventually { pool.waitingCount == 2 })

        try await busy.release()
        try await low.value
        try await normal.value

        #expect(order.value == ["normal", "low"])
    }

    @Test("low-priority work whose urgency is raised while it waits goes before older low work, not before normal work")
    func urgency() async throws {
        let (pool, busy) = await Self.occupiedPool()
        let order = Locked([String]())
        let wanted = PoolUrgency()
        let tasks = [
            Task { try await pool.run(priority: .low, urgency: PoolUrgency()) { order.mutate { $0.append("old low") } } },
            Task { try await pool.run(priority: .low, urgency: wanted) { order.mutate { $0.append("wanted low") } } },
        ]
        #expect(await eventually { pool.waitingCount == 2 })
        let normal = Task { try await pool.run { order.mutate { $0.append("normal") } } }
        #expect(await eventually { pool.waitingCount == 3 })

        // When
        wanted.raise()
        try await busy.release()
        for task in tasks { try await task.value }
        try await normal.value

        // Then
        #expect(order.value == ["normal", "wanted low", "old low"])
        #expect(pool.waitingCount == 0)
    }

    /// A one-thread pool whose thread is held by a job until ``Occupation/release()``.
    static func occupiedPool() async -> (DecodePool, Occupation) {
        let pool = DecodePool(threadCount: 1)
        let blocker = DispatchSemaphore(value: 0)
        let started = Locked(false)
        let job = Task { try await pool.run { started.mutate { $0 = true }; blocker.wait() } }
        #expect(await eventually { started.value })
        return (pool, Occupation(blocker: blocker, job: job))
    }

    /// The job holding an ``occupiedPool()``'s thread.
    struct Occupation {
        let blocker: DispatchSemaphore
        let job: Task<Void, any Error>

        /// Lets the job finish and waits for it.
        func release() async throws {
            blocker.signal()
            try await job.value
        }
    }

    @Test("many calls from many tasks all complete with their own results")
    func manyCalls() async throws {
        let pool = DecodePool(threadCount: 2)
        let sum = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 1...200 { group.addTask { try await pool.run { value * 2 } } }
            return try await group.reduce(0, +)
        }
        #expect(sum == 200 * 201)
    }
}
