import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing

/// The disk tier failing must never fail a request. Tests run as root, where permission bits do
/// not stop writes, so the failures here are made with paths that really cannot be written: a
/// folder whose parent is a regular file, and a folder replaced by a file after opening.
@Suite("ThumbnailCache with a broken disk")
struct CacheDegradationTests {
    let spec = ThumbnailSpec(maxPixelSize: 64)

    @Test("a disk folder that cannot be created degrades to memory only, with a warning")
    func uncreatableFolder() async throws {
        try await withTemporaryFolder { folder in
            let blocker = folder.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let library = TestLibrary()
            let log = LogRecorder()
            let cache = library.cache(diskDirectory: blocker.appendingPathComponent("cache"), log: log.log)

            let thumbnail = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)
            _ = try await cache.thumbnail(for: photo("a"), from: library.source(), spec: spec)

            #expect(!thumbnail.data.isEmpty)
            #expect(!cache.isDiskWritable)
            #expect(cache.counters.memoryHits == 1)
            #expect(log.lines.count == 1)
            #expect(log.lines.first?.contains("memory only") == true)
        }
    }

    @Test("a write failure turns the disk off once, with one warning, and requests still succeed")
    func failingWrites() async throws {
        try await withTemporaryFolder { folder in
            let cacheFolder = folder.appendingPathComponent("cache")
            let library = TestLibrary()
            let log = LogRecorder()
            let cache = library.cache(diskDirectory: cacheFolder, log: log.log)
            #expect(cache.isDiskWritable)
            try FileManager.default.removeItem(at: cacheFolder)
            try Data("x".utf8).write(to: cacheFolder)  // every create inside it now fails with ENOTDIR

            for id in ["a", "b", "c"] {
                _ = try await cache.thumbnail(for: photo(id), from: library.source(), spec: spec)
            }

            #expect(!cache.isDiskWritable)
            #expect(log.lines.count == 1)
            #expect(log.lines.first?.contains(cacheFolder.path) == true)
            #expect(cache.counters.bytesInMemory > 0)
        }
    }
}
