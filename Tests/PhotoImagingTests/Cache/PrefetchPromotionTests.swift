import Dispatch
import Foundation
@testable import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("ThumbnailCache prefetch promotion")
struct PrefetchPromotionTests {
    @Test("asking for a thumbnail that waits as a prefetch moves its render ahead of the other prefetches")
    func askingPromotesPrefetch() async throws {
        let blocker = DispatchSemaphore(value: 0)
        let started = Locked(false)
        let order = Locked([String]())
        let spec = ThumbnailSpec(maxPixelSize: 32)
        let cache = ThumbnailCache(ThumbnailCache.Configuration(
            memoryLimit: 1 << 20, decodeThreads: 1,
            renderer: { data, spec, _ in
                let name = String(decoding: data, as: UTF8.self)
                if name.hasPrefix("image:a:") {
                    started.mutate { $0 = true }
                    blocker.wait()
                }
                order.mutate { $0.append(name.split(separator: ":")[1].description) }
                return Thumbnail(data: data, pixelSize: PixelSize(width: spec.maxPixelSize, height: spec.maxPixelSize), format: .jpeg)
            }))
        let source = TestLibrary().source()
        let busy = Task { try await cache.thumbnail(for: photo("a"), from: source, spec: spec) }
        #expect(await eventually { started.value })
        let prefetch = cache.prefetch(items: [photo("b"), photo("c")], from: source, spec: spec)
        #expect(await eventually { cache.pool.waitingCount == 2 })

        // When: the user asks for c, which waits behind b in the low queue
        let asked = Task { try await cache.thumbnail(for: photo("c"), from: source, spec: spec) }
        #expect(await eventually { cache.counters.coalescedJoins == 1 })
        blocker.signal()
        _ = try await busy.value
        let thumbnail = try await asked.value
        await prefetch.value

        // Then
        #expect(order.value == ["a", "c", "b"])
        #expect(String(decoding: thumbnail.data, as: UTF8.self) == "image:c:-")
        #expect(cache.counters.decodes == 3)
    }
}
