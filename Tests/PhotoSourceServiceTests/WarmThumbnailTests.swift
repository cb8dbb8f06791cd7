import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Synchronization
import Testing

@Suite("Warm signed thumbnails")
struct WarmThumbnailTests {
    /// The harness's folder source, counting how often a request asks it for an item.
    static func countingFolder(_ lookups: Arc) -> (URL) throws -> [ServiceSource] {
        { root in
            let base = try ServiceSource.folder(LocalFolderSource(root: root, id: "local:test", title: "Test Library"), id: "library")
            return [ServiceSource(
                id: base.id, source: base.source, requiresSignIn: false, scope: base.scope,
                item: { id in
                    lookups.count.add(1, ordering: .relaxed)
                    return try await base.item(id)
                },
                originalFile: base.originalFile)]
        }
    }

    final class Arc: Sendable {
        let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test("a warm thumbnail is served from the cache without asking the source, and still refuses a forged or expired URL")
    func warmHitSkipsTheSource() async throws {
        let lookups = Arc()
        let cache = ThumbnailCache()
        let lifetime = 12  // long enough for the cold and warm requests on a loaded machine
        try await ServiceHarness.run(
            configure: { $0.limits.thumbnailURLLifetimeSeconds = lifetime }, sources: Self.countingFolder(lookups), thumbnails: cache
        ) { harness in
            let a = try await harness.newSession()
            let b = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: a.token)
            let cold = try await harness.get(url, token: nil)
            #expect(cold.status == .ok)
            let lookupsWhenCold = lookups.value
            #expect(lookupsWhenCold == 1)

            // When: the same URL again, three times
            for _ in 0..<3 {
                let warm = try await harness.get(url, token: nil)
                #expect(warm.status == .ok)
                #expect(warm.body == cold.body)
                #expect(warm.headers[.eTag] == cold.headers[.eTag])
            }
            // Then: the source was not asked again, and no new download or decode happened
            #expect(lookups.value == lookupsWhenCold)
            #expect(cache.counters.downloads == 1)
            #expect(cache.counters.memoryHits >= 3)

            // Re-pointing the warm URL at session B without the key is still 403.
            let parts = url.split(separator: "/").map(String.init)  // v1, thumbnails, signature, payload
            let payload = String(decoding: try #require(Data(base64URL: parts[3])), as: UTF8.self)
            let forged = "/v1/thumbnails/\(parts[2])/\(Data(payload.replacingOccurrences(of: a.id, with: b.id).utf8).base64URL)"
            #expect(try await harness.get(forged, token: nil).status == .forbidden)

            // And once its time is up, the warm URL answers 410, not the cached picture.
            try await Task.sleep(for: .milliseconds(lifetime * 1000 + 1_100))
            #expect(try await harness.get(url, token: nil).status == .gone)
            #expect(lookups.value == lookupsWhenCold)
        }
    }

    @Test("a warm thumbnail of a photo edited since is a miss: the source is asked and the old URL answers 410")
    func editedPhotoIsAMiss() async throws {
        let lookups = Arc()
        try await ServiceHarness.run(sources: Self.countingFolder(lookups), thumbnails: ThumbnailCache()) { harness in
            let session = try await harness.newSession()
            let old = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            #expect(try await harness.get(old, token: nil).status == .ok)
            let file = harness.library.appendingPathComponent("Album/sunset.jpg")
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 1000, height: 800)).write(to: file)
            // The new version's URL renders the new picture, replacing the cache's entry for the slot.
            let new = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            #expect(new != old)
            #expect(try await harness.get(new, token: nil).status == .ok)
            let before = lookups.value
            #expect(try await harness.get(old, token: nil).status == .gone)
            #expect(lookups.value == before + 1)
        }
    }
}
