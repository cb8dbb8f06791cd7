import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("ThumbnailCache lookup by a known version")
struct StoredThumbnailLookupTests {
    let spec = ThumbnailSpec(maxPixelSize: 64)

    @Test("a stored version is found in memory, then on disk, without a download; other versions and slots are not")
    func lookupByVersion() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            library.setValidator("v1", for: "a")
            let made = try await library.cache(diskDirectory: folder).thumbnail(for: photo("a"), from: library.source(), spec: spec)

            // A new cache on the same folder: the entry is only on disk.
            let cache = library.cache(diskDirectory: folder)
            #expect(cache.storedThumbnail(sourceID: "test", itemID: "a", spec: spec, validator: "v1") == made)
            #expect(cache.storedThumbnail(sourceID: "test", itemID: "a", spec: spec, validator: "v1") == made)
            #expect(cache.storedThumbnail(sourceID: "test", itemID: "a", spec: spec, validator: "v2") == nil)
            #expect(cache.storedThumbnail(sourceID: "test", itemID: "b", spec: spec, validator: "v1") == nil)
            #expect(cache.storedThumbnail(sourceID: "other", itemID: "a", spec: spec, validator: "v1") == nil)
            #expect(cache.storedThumbnail(sourceID: "test", itemID: "a", spec: ThumbnailSpec(maxPixelSize: 65), validator: "v1") == nil)
            #expect(library.downloads == 1)
            #expect(cache.counters.diskHits == 1)
            #expect(cache.counters.memoryHits == 1)
        }
    }
}
