import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing

/// Two caches over one disk folder stand for two processes: the second knows nothing the first
/// learned in memory, and must still never serve a thumbnail of an older version.
@Suite("ThumbnailCache versions across processes sharing a disk folder")
struct CrossProcessVersionTests {
    let spec = ThumbnailSpec(maxPixelSize: 64)

    @Test("a changed ETag is noticed by the next process although the downloader cannot validate cheaply")
    func changedValidatorWithoutValidation() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            library.setValidator("\"v1\"", for: "a")
            let first = library.cache(diskDirectory: folder)
            _ = try await first.thumbnail(for: photo("a"), from: library.source(), spec: spec)

            // When the item changes and a new process asks
            library.setValidator("\"v2\"", for: "a")
            let second = library.cache(diskDirectory: folder)
            let thumbnail = try await second.thumbnail(for: photo("a"), from: library.source(), spec: spec)

            // Then
            #expect(thumbnail.data == Data("thumb(\(spec)):image:a:\"v2\"".utf8))
            #expect(second.counters.diskHits == 0)

            // and a third process, after the item is back at v2, gets the v2 entry without a render
            let third = library.cache(diskDirectory: folder)
            let again = try await third.thumbnail(for: photo("a"), from: library.source(), spec: spec)
            #expect(again == thumbnail)
            #expect(third.counters.diskHits == 1)
            #expect(third.counters.decodes == 0)
            #expect(library.renders == 2)
        }
    }

    @Test("bytes that change under the same id without any validator still get a new thumbnail in the next process")
    func changedBytesWithoutValidator() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            let content = Locked(Data("red 800x600".utf8))
            let source = DefaultPhotoSource(
                id: "plain", title: "Plain", listing: .complete { _ in [] },
                downloader: ClosureImageDownloader { _, _ in ImageData(bytes: content.value) })
            let item = photo("c.jpg", source: "plain")
            _ = try await library.cache(diskDirectory: folder).thumbnail(for: item, from: source, spec: spec)

            // When
            content.mutate { $0 = Data("other 600x800".utf8) }
            let next = library.cache(diskDirectory: folder)
            let thumbnail = try await next.thumbnail(for: item, from: source, spec: spec)

            // Then
            #expect(thumbnail.data == Data("thumb(\(spec)):other 600x800".utf8))
            #expect(library.renders == 2)
        }
    }

    @Test("within one process, a revalidated disk entry is then a memory hit with no further download")
    func revalidatedOncePerProcess() async throws {
        try await withTemporaryFolder { folder in
            let library = TestLibrary()
            library.setValidator("v1", for: "a")
            _ = try await library.cache(diskDirectory: folder).thumbnail(for: photo("a"), from: library.source(), spec: spec)

            let next = library.cache(diskDirectory: folder)
            _ = try await next.thumbnail(for: photo("a"), from: library.source(), spec: spec)
            _ = try await next.thumbnail(for: photo("a"), from: library.source(), spec: spec)

            #expect(library.downloads == 2)
            #expect(library.renders == 1)
            #expect(next.counters.diskHits == 1)
            #expect(next.counters.memoryHits == 1)
        }
    }
}
