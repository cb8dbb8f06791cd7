import Foundation
import PhotoImaging
import PhotoSourceKit
@testable import SampleSources
import Testing

/// The first-hour scenario of issue 8: a photo replaced between two sessions of `browse`.
@Suite("LocalFolderSource thumbnails follow file versions across processes")
struct LocalFolderThumbnailVersionTests {
    let spec = ThumbnailSpec(maxPixelSize: 256)

    /// A cache over `folder` as a new process would open it.
    func newProcessCache(_ folder: URL) -> ThumbnailCache {
        ThumbnailCache(ThumbnailCache.Configuration(diskDirectory: folder, decodeThreads: 1, log: { _ in }))
    }

    @Test("a replaced file gets its own thumbnail in the next process, and unchanged files are disk hits without a read")
    func replacedFileAcrossProcesses() async throws {
        let photos = try TemporaryFolder()
        let cacheFolder = try TemporaryFolder()
        defer { photos.remove(); cacheFolder.remove() }
        try photos.write(ImageFixtures.jpeg(width: 800, height: 600), to: "c.jpg")
        try photos.write(ImageFixtures.jpeg(width: 64, height: 48), to: "d.jpg")
        let source = try LocalFolderSource(root: photos.url)
        let first = newProcessCache(cacheFolder.url)
        let old = try await first.thumbnail(for: source.item(id: "c.jpg"), from: source, spec: spec)
        _ = try await first.thumbnail(for: source.item(id: "d.jpg"), from: source, spec: spec)
        #expect(old.pixelSize == PixelSize(width: 256, height: 192))

        // When c.jpg is replaced by a portrait picture (a new inode, size and mtime)
        try photos.write(ImageFixtures.jpeg(width: 600, height: 800), to: "c.jpg.new")
        try FileManager.default.removeItem(atPath: photos.path("c.jpg"))
        try FileManager.default.moveItem(atPath: photos.path("c.jpg.new"), toPath: photos.path("c.jpg"))
        let restartedSource = try LocalFolderSource(root: photos.url)
        let second = newProcessCache(cacheFolder.url)
        let new = try await second.thumbnail(for: restartedSource.item(id: "c.jpg"), from: restartedSource, spec: spec)
        let unchanged = try await second.thumbnail(for: restartedSource.item(id: "d.jpg"), from: restartedSource, spec: spec)

        // Then
        #expect(new.pixelSize == PixelSize(width: 192, height: 256))
        #expect(unchanged.pixelSize == PixelSize(width: 64, height: 48))
        #expect(second.counters.diskHits == 1)
        #expect(second.counters.downloads == 1)  // only c.jpg was read; d.jpg's version came from a stat

        // and a third process gets the new thumbnail from disk
        let third = newProcessCache(cacheFolder.url)
        let again = try await third.thumbnail(for: restartedSource.item(id: "c.jpg"), from: restartedSource, spec: spec)
        #expect(again == new)
        #expect(third.counters.downloads == 0)
    }

    @Test("the validator changes when a file is replaced by one of the same size and mtime (another inode)")
    func sameSizeAndTimeOtherInode() async throws {
        let photos = try TemporaryFolder()
        defer { photos.remove() }
        let bytes = try ImageFixtures.jpeg(width: 40, height: 30)
        try photos.write(bytes, to: "c.jpg")
        try photos.age("c.jpg")
        let source = try LocalFolderSource(root: photos.url)
        let downloader = try #require(source.downloader as? any ImageValidating)
        let item = try source.item(id: "c.jpg")
        let before = try await downloader.currentValidator(for: item, from: source)

        try photos.write(bytes, to: "c2.jpg")
        try photos.age("c2.jpg")
        try FileManager.default.removeItem(atPath: photos.path("c.jpg"))
        try FileManager.default.moveItem(atPath: photos.path("c2.jpg"), toPath: photos.path("c.jpg"))
        let after = try await downloader.currentValidator(for: item, from: source)
        let downloaded = try await source.downloader.download(item, from: source, variant: .thumbnail)

        #expect(before != nil)
        #expect(before != after)
        #expect(downloaded.validator == after)
    }
}
