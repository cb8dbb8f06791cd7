import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("LocalFolderSource pixel sizes")
struct LocalFolderHeaderTests {
    @Test("JPEG sizes follow the EXIF orientation (5–8 swap width and height)", arguments: ExifOrientation.allCases)
    func exifOrientation(orientation: ExifOrientation) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(width: 16, height: 8, orientation: orientation), to: "photo.jpg")
        let source = try LocalFolderSource(root: folder.url)

        let listed = try #require(try await allItems(of: source).first)
        let expected = orientation.rawValue >= 5 ? PixelSize(width: 8, height: 16) : PixelSize(width: 16, height: 8)

        #expect(listed.pixelSize == expected)
        #expect(try source.item(id: "photo.jpg").pixelSize == expected)
    }

    @Test("PNG sizes come from IHDR", arguments: [(1, 1), (640, 2), (3, 480)])
    func pngSizes(width: Int, height: Int) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.png(width: width, height: height, alpha: true), to: "image.png")
        let source = try LocalFolderSource(root: folder.url)

        #expect(try await allItems(of: source).first?.pixelSize == PixelSize(width: width, height: height))
    }

    @Test("a frame header after a large APP segment is still found, reading a bounded prefix")
    func largeAppSegment() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plain = try ImageFixtures.jpeg(width: 30, height: 20)
        // SOI, then a 65,000-byte APP2 segment (an ICC profile, say), then the rest of the file.
        var padded = Data(plain.prefix(2))
        padded.append(contentsOf: [0xFF, 0xE2, 0xFD, 0xE8])
        padded.append(Data(count: 0xFDE8 - 2))
        padded.append(plain.dropFirst(2))
        try folder.write(padded, to: "icc.jpg")

        let probe = try ImageProbe(path: folder.path("icc.jpg"), name: "icc.jpg")

        #expect(padded.count > ImageProbe.firstReadLength)
        #expect(probe.format == .jpeg)
        #expect(probe.pixelSize == PixelSize(width: 30, height: 20))
    }

    @Test("pixel sizes are remembered per file version, and re-read when the file changes")
    func sizesRememberedPerVersion() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(width: 4, height: 4), to: "a.jpg")
        let cache = FolderIndexCache(settleTime: .zero)
        let source = try LocalFolderSource(root: folder.url, id: nil, title: nil, cache: cache)
        _ = try await allItems(of: source)
        let path = source.root.path

        #expect(cache.probes(of: ["a.jpg"], at: path)["a.jpg"]?.pixelSize == PixelSize(width: 4, height: 4))

        // When the file is rewritten in place (the folder's mtime does not change)
        let handle = try #require(FileHandle(forWritingAtPath: folder.path("a.jpg")))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: ImageFixtures.jpeg(width: 40, height: 30))
        try handle.close()

        // Then the new size is read
        #expect(try await allItems(of: source).first?.pixelSize == PixelSize(width: 40, height: 30))
        #expect(cache.probes(of: ["a.jpg"], at: path)["a.jpg"]?.pixelSize == PixelSize(width: 40, height: 30))
    }
}
