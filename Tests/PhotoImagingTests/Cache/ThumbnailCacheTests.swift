import Foundation
import PhotoImaging
import PhotoSourceKit
import Synchronization
import Testing

@Suite("ThumbnailCache tiers, versions and policy")
struct ThumbnailCacheTests {
    let spec = ThumbnailSpec(maxPixelSize: 64)

    @Test("a second request is a memory hit with no download or render")
    func memoryHit() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        let source = library.source()

        let first = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)
        let second = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)

        #expect(first == second)
        #expect(first.data == Data("thumb(\(spec)):image:a:-".utf8))
        #expect(library.downloads == 1)
        #expect(library.renders == 1)
        #expect(library.rendersOffPool == 0)
        let counters = cache.counters
        #expect(counters.misses == 1)
        #expect(counters.memoryHits == 1)
        #expect(counters.downloads == 1)
        #expect(counters.decodes == 1)
        #expect(counters.bytesInMemory == first.data.count)
    }

    @Test("the counters report evictions from both tiers and the tiers' sizes")
    func evictionCounters() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            let cache = library.cache(memoryLimit: 1000, diskDirectory: folder, diskLimit: 2000)
            for index in 0..<40 {
                _ = try await cache.thumbnail(for: photo(String(format: "p%02d", index)), from: library.source(), spec: spec)
            }
            let counters = cache.counters
            #expect(counters.memoryEvictions > 0)
            #expect(counters.diskEvictions > 0)
            #expect(counters.evictions == counters.memoryEvictions + counters.diskEvictions)
            #expect(counters.bytesInMemory > 0 && counters.bytesInMemory <= 1000)
            #expect(counters.bytesOnDisk > 0 && counters.bytesOnDisk <= 2000)
            #expect(counters.misses == 40)
        }
    }

    @Test("specs and sources are separate slots")
    func slotsAreSeparate() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: ThumbnailSpec(maxPixelSize: 65))
        _ = try await cache.thumbnail(for: photo("a", source: "other"), from: library.source(id: "other"), spec: spec)
        #expect(library.downloads == 3)
        #expect(cache.counters.memoryHits == 0)
    }

    @Test("a new cache over the same folder answers from disk without rendering again")
    func restartKeepsEntries() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            library.setValidator("v1", for: "a")
            let made = try await library.cache(diskDirectory: folder).thumbnail(for: photo("a"), from: library.validatingSource(), spec: spec)

            // When
            let restarted = library.cache(diskDirectory: folder)
            let again = try await restarted.thumbnail(for: photo("a"), from: library.validatingSource(), spec: spec)

            // Then: a validating downloader answers the version without a download
            #expect(again == made)
            #expect(library.downloads == 1)
            #expect(library.renders == 1)
            #expect(restarted.counters.diskHits == 1)
            #expect(restarted.counters.bytesOnDisk > made.data.count)
            _ = try await restarted.thumbnail(for: photo("a"), from: library.validatingSource(), spec: spec)
            #expect(restarted.counters.memoryHits == 1)  // the disk hit was copied into memory
        }
    }

    @Test("a validating downloader reporting a new version makes the old thumbnail miss")
    func versionChangeMissesWhenValidated() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        let source = library.validatingSource()
        library.setValidator("v1", for: "a")
        let old = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)

        // When
        library.setValidator("v2", for: "a")
        let new = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)

        // Then
        #expect(old.data == Data("thumb(\(spec)):image:a:v1".utf8))
        #expect(new.data == Data("thumb(\(spec)):image:a:v2".utf8))
        #expect(library.downloads == 2)
        _ = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)
        #expect(library.downloads == 2)
        #expect(cache.counters.memoryHits == 1)
    }

    @Test("a new version seen on any download makes the other specs' old thumbnails miss")
    func versionChangeMissesAfterDownload() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        let source = library.source()
        library.setValidator("v1", for: "a")
        _ = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)
        library.setValidator("v2", for: "a")

        // When: another spec downloads the item and learns v2
        _ = try await cache.thumbnail(for: photo("a"), from: source, spec: ThumbnailSpec(maxPixelSize: 128))
        let refreshed = try await cache.thumbnail(for: photo("a"), from: source, spec: spec)

        // Then
        #expect(refreshed.data == Data("thumb(\(spec)):image:a:v2".utf8))
        #expect(library.downloads == 3)
        #expect(cache.counters.memoryHits == 0)
    }

    @Test("after a restart a disk entry of an old version misses when the downloader validates")
    func versionChangeMissesAcrossRestart() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            library.setValidator("v1", for: "a")
            _ = try await library.cache(diskDirectory: folder).thumbnail(for: photo("a"), from: library.validatingSource(), spec: spec)
            library.setValidator("v2", for: "a")

            let restarted = library.cache(diskDirectory: folder)
            let thumbnail = try await restarted.thumbnail(for: photo("a"), from: library.validatingSource(), spec: spec)

            #expect(thumbnail.data == Data("thumb(\(spec)):image:a:v2".utf8))
            #expect(restarted.counters.diskHits == 0)
            #expect(library.downloads == 2)
        }
    }

    @Test("an edited local file gets a new thumbnail, and a deleted one an error")
    func localFileVersions() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            let file = folder.appendingPathComponent("photo.jpg")
            try Data("first".utf8).write(to: file)
            let source = DefaultPhotoSource(
                id: "local", title: "Local", listing: .complete { _ in [] }, downloader: try FileImageDownloader(root: folder))
            let cache = library.cache()
            let item = photo("photo.jpg", source: "local")
            let first = try await cache.thumbnail(for: item, from: source, spec: spec)
            #expect(try await cache.thumbnail(for: item, from: source, spec: spec) == first)

            // When the file changes (size differs, so the validator does even within one clock tick)
            try Data("second version".utf8).write(to: file)
            let second = try await cache.thumbnail(for: item, from: source, spec: spec)

            // Then
            #expect(second.data == Data("thumb(\(spec)):second version".utf8))
            #expect(library.renders == 2)

            try FileManager.default.removeItem(at: file)
            let error = await #expect(throws: PhotoSourceError.self) {
                try await cache.thumbnail(for: item, from: source, spec: spec)
            }
            #expect(error?.code == .notFound)
        }
    }

    @Test("shouldCache == false stores nothing in either tier")
    func shouldCacheFalse() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            let cache = library.cache(diskDirectory: folder)
            let item = photo("a", policy: CachePolicy(shouldCache: false, shouldUseCached: true))
            _ = try await cache.thumbnail(for: item, from: library.source(), spec: spec)
            _ = try await cache.thumbnail(for: item, from: library.source(), spec: spec)
            #expect(library.downloads == 2)
            #expect(cache.counters.bytesInMemory == 0)
            #expect(entryFiles(in: folder).isEmpty)
        }
    }

    @Test("shouldUseCached == false bypasses stored thumbnails but refreshes them")
    func shouldUseCachedFalse() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        library.setValidator("v1", for: "a")
        _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        library.setValidator("v2", for: "a")

        // When
        let bypassing = photo("a", policy: CachePolicy(shouldCache: true, shouldUseCached: false))
        let fresh = try await cache.thumbnail(for: bypassing, from: library.source(), spec: spec)

        // Then
        #expect(fresh.data == Data("thumb(\(spec)):image:a:v2".utf8))
        #expect(library.downloads == 2)
        #expect(cache.counters.memoryHits == 0)
        let cached = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        #expect(cached == fresh)
        #expect(cache.counters.memoryHits == 1)
    }

    @Test("a thumbnail over 10% of the memory limit is returned but not kept")
    func oversizedThumbnailIsNotKept() async throws {
        let library = TestLibrary()
        let cache = library.cache(memoryLimit: 200)  // entries up to 20 bytes
        let thumbnail = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        #expect(thumbnail.data.count > 20)
        #expect(cache.counters.bytesInMemory == 0)
        _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        #expect(library.downloads == 2)
    }

    @Test("a render failure is thrown and not cached; the next request retries")
    func renderErrorsAreNotCached() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        library.state.withLock { $0.renderError = PhotoSourceError(.unsupportedFormat, "Not an image.") }
        let error = await #expect(throws: PhotoSourceError.self) {
            try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        }
        #expect(error?.code == .unsupportedFormat)

        library.state.withLock { $0.renderError = nil }
        let thumbnail = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
        #expect(thumbnail.data.isEmpty == false)
        #expect(library.renders == 2)
        #expect(library.downloads == 2)
    }

    @Test("the downloader's error passes through unchanged")
    func downloaderErrorsPassThrough() async throws {
        let library = TestLibrary()
        library.state.withLock { $0.downloadError = PhotoSourceError(.notLoggedIn, "Sign in to Test first.") }
        let error = await #expect(throws: PhotoSourceError.self) {
            try await library.cache().thumbnail(for: photo("a"), from: library.source(), spec: spec)
        }
        #expect(error?.code == .notLoggedIn)
        #expect(error?.message == "Sign in to Test first.")
        #expect(library.renders == 0)
    }

    @Test("prefetch warms the image items only, and they are hits afterwards")
    func prefetchWarms() async throws {
        let library = TestLibrary()
        let cache = library.cache()
        let source = library.source()
        let items: [any PhotoSourceItem] = (0..<5).map { photo("p\($0)") }
            + [DefaultPhotoSourceItem.container(id: "album", sourceID: "test", title: "Album")]

        await cache.prefetch(items: items, from: source, spec: spec).value

        #expect(library.downloads == 5)
        for index in 0..<5 { _ = try await cache.thumbnail(for: photo("p\(index)"), from: source, spec: spec) }
        #expect(cache.counters.memoryHits == 5)
        #expect(library.downloads == 5)
    }

    @Test("removeAll empties memory and disk")
    func removeAll() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            let cache = library.cache(diskDirectory: folder)
            _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
            #expect(entryFiles(in: folder).count == 1)

            cache.removeAll()

            #expect(entryFiles(in: folder).isEmpty)
            #expect(cache.counters.bytesInMemory == 0)
            #expect(cache.counters.bytesOnDisk == 0)
            _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
            #expect(library.downloads == 2)
        }
    }
}
