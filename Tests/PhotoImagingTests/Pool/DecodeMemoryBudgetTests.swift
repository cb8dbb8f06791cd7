import Dispatch
import Foundation
@testable import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("DecodePool memory budget")
struct DecodeMemoryBudgetTests {
    /// A 64×64 progressive 4:2:0 JPEG and what its full-size decode reserves: 2 bytes a pixel
    /// per full-resolution component (1.5 components) plus 3 bytes a pixel of RGB output.
    static let progressive: Data = try! ImageEncoder.jpeg(SyntheticImages.photographic(width: 64, height: 64), progressive: true)
    static let progressiveCost: Int64 = 64 * 64 * 3 + 64 * 64 * 3

    @Test("a reservation that does not fit waits until an earlier one is released")
    func reservationWaits() async throws {
        let pool = DecodePool(threadCount: 2, wholeImageMemoryBudget: 100)
        let blocker = DispatchSemaphore(value: 0)
        let events = Locked([String]())
        let first = Task {
            try await pool.run {
                try DecodeMemoryBudget.withCurrentReservation(60, kind: "first") {
                    events.mutate { $0.append("first holds") }
                    blocker.wait()
                }
            }
        }
        #expect(await eventually { events.value == ["first holds"] })
        let second = Task {
            try await pool.run {
                try DecodeMemoryBudget.withCurrentReservation(60, kind: "second") { events.mutate { $0.append("second holds") } }
            }
        }
        #expect(await eventually { pool.memoryBudget.waitingCount == 1 })
        #expect(events.value == ["first holds"])

        blocker.signal()
        try await first.value
        try await second.value

        #expect(events.value == ["first holds", "second holds"])
        #expect(pool.memoryBudget.peakReserved == 60)
        #expect(pool.memoryBudget.reservedNow == 0)
    }

    @Test("concurrent progressive decodes on a pool whose budget fits one are serialised by it")
    func serialisesDecodes() async throws {
        let pool = DecodePool(threadCount: 4, wholeImageMemoryBudget: Self.progressiveCost * 3 / 2)
        let data = Self.progressive

        let widths = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0 ..< 8 { group.addTask { try await pool.run { try ImageDecoder.decodeFull(data).width } } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(widths == Array(repeating: 64, count: 8))
        #expect(pool.memoryBudget.peakReserved == Self.progressiveCost)
        #expect(pool.memoryBudget.reservedNow == 0)
    }

    @Test("a decode that alone needs more than the pool's budget is refused as tooLarge")
    func refusesOversized() async throws {
        let pool = DecodePool(threadCount: 1, wholeImageMemoryBudget: Self.progressiveCost - 1)
        let data = Self.progressive

        let error = await #expect(throws: PhotoSourceError.self) { try await pool.run { try ImageDecoder.decodeFull(data) } }

        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("decode pool") == true)
        #expect(pool.memoryBudget.peakReserved == 0)
        #expect(try await DecodePool(threadCount: 1, wholeImageMemoryBudget: Self.progressiveCost)
            .run { try ImageDecoder.decodeFull(data).width } == 64)
    }

    @Test("baseline decodes reserve nothing")
    func baselineUncounted() async throws {
        let pool = DecodePool(threadCount: 1, wholeImageMemoryBudget: 1)
        let data = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 64, height: 64))
        #expect(try await pool.run { try ImageDecoder.decodeFull(data).width } == 64)
        #expect(pool.memoryBudget.peakReserved == 0)
    }
}
