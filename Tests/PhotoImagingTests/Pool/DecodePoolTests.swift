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
        let pool = DecodePool(threadCount: 1)
        let blocker = DispatchSemaphore(value: 0)
        let ran = Locked(false)
        let started = Locked(false)
        let busy = Task { try await pool.run { started.mutate { $0 = true }; blocker.wait() } }
        #expect(await eventually { started.value })
        let queued = Task { try await pool.run { ran.mutate { $0 = true } } }
        #expect(await eventually { pool.waitingCount == 1 })

        // When
        queued.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await queued.value }
        blocker.signal()
        try await busy.value
        try await pool.run {}  // the dropped item has been passed by now

        // Then
        #expect(error?.code == .cancelled)
        #expect(ran.value == false)
    }

    @Test("normal work is taken before low-priority work")
    func priorities() async throws {
        let pool = DecodePool(threadCount: 1)
        let blocker = DispatchSemaphore(value: 0)
        let order = Locked([String]())
        let started = Locked(false)
        let busy = Task { try await pool.run { started.mutate { $0 = true }; blocker.wait() } }
        #expect(await eventually { started.value })
        let low = Task { try await pool.run(priority: .low) { order.mutate { $0.append("low") } } }
        #expect(await eventually { pool.waitingCount == 1 })
        let normal = Task { try await pool.run { order.mutate { $0.append("normal") } } }
        #expect(await eventually { pool.waitingCount == 2 })

        blocker.signal()
        try await busy.value
        try await low.value
        try await normal.value

        #expect(order.value == ["normal", "low"])
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
