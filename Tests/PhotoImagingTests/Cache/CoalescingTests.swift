import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("ThumbnailCache coalescing and cancellation")
struct CoalescingTests {
    let spec = ThumbnailSpec(maxPixelSize: 64)

    @Test("100 concurrent requests for one thumbnail cause one download and one render")
    func hundredRequestsOneJob() async throws {
        let gate = Gate()
        let library = TestLibrary(gate: gate)
        let cache = library.cache()
        let source = library.source()

        // When: 100 requests arrive while the download is held
        let results = try await withThrowingTaskGroup(of: Thumbnail.self) { group in
            for _ in 0..<100 {
                group.addTask { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
            }
            #expect(await eventually { cache.counters.coalescedJoins == 99 })
            gate.open()
            return try await group.reduce(into: [Thumbnail]()) { $0.append($1) }
        }

        // Then
        #expect(results.count == 100)
        #expect(Set(results).count == 1)
        #expect(library.downloads == 1)
        #expect(library.renders == 1)
        #expect(cache.counters.downloads == 1)
        #expect(cache.counters.decodes == 1)
        #expect(cache.counters.misses == 100)
    }

    @Test("one waiter cancelling does not cancel the others")
    func oneWaiterCancels() async throws {
        let gate = Gate()
        let library = TestLibrary(gate: gate)
        let cache = library.cache()
        let source = library.source()
        let leaving = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        let staying = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        #expect(await eventually { cache.counters.coalescedJoins == 1 })

        // When
        leaving.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await leaving.value }
        gate.open()

        // Then
        #expect(error?.code == .cancelled)
        let thumbnail = try await staying.value
        #expect(thumbnail.data == Data("thumb(\(spec)):image:a:-".utf8))
        #expect(library.downloads == 1)
        #expect(library.downloadsCancelled == 0)
        #expect(library.renders == 1)
    }

    @Test("the last waiter cancelling cancels the job, and the next request starts a new one")
    func lastWaiterCancelsTheJob() async throws {
        let library = TestLibrary(hangs: true)
        let cache = library.cache()
        let source = library.source()
        let first = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        let second = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        #expect(await eventually { library.downloads == 1 && cache.counters.coalescedJoins == 1 })

        // When
        first.cancel()
        await #expect(throws: PhotoSourceError.self) { try await first.value }
        #expect(library.downloadsCancelled == 0)  // one waiter is left: the job goes on
        second.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await second.value }

        // Then
        #expect(error?.code == .cancelled)
        #expect(await eventually { library.downloadsCancelled == 1 })
        #expect(library.renders == 0)
        let third = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        #expect(await eventually { library.downloads == 2 })
        third.cancel()
        _ = try? await third.value
    }

    @Test("a request cancelled before it starts throws .cancelled and downloads nothing")
    func cancelledBeforeStart() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        let source = library.source()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await cache.thumbnail(for: photo("a"), from: source, spec: spec)
        }
        let error = await #expect(throws: PhotoSourceError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(library.downloads == 0)
    }
}
