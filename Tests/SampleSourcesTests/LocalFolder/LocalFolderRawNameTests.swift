import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting
@testable import SampleSources
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 8: `caf\xE9.jpg` (Latin-1, not UTF-8) was silently left out of the listing.
@Suite("LocalFolderSource lists names that are not valid UTF-8")
struct LocalFolderRawNameTests {
    static let rawName: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let rawID = ".%caf%E9.jpg"

    /// `café.jpg` (landscape, 40×20) and `caf\xE9.jpg` (portrait, 20×40) side by side, plus
    /// `Alb\xFFm/inside.jpg` (a folder with a raw name).
    static func makeFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(ImageFixtures.jpeg(width: 40, height: 20), to: "café.jpg")
        try writeRaw(in: folder, Self.rawName, ImageFixtures.jpeg(width: 20, height: 40))
        let album: [UInt8] = Array("Alb".utf8) + [0xFF] + Array("m".utf8)
        let albumPath = (Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + album).map { CChar(bitPattern: $0) } + [0]
        try #require(mkdir(albumPath, 0o755) == 0)
        try writeRaw(in: folder, album + Array("/inside.jpg".utf8), ImageFixtures.jpeg(width: 10, height: 10))
        return folder
    }

    /// Writes `data` at `relative` given as raw bytes (Foundation would re-encode them).
    static func writeRaw(in folder: TemporaryFolder, _ relative: [UInt8], _ data: Data) throws {
        let path = (Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + relative).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try data.withUnsafeBytes { #expect(write(fd, $0.baseAddress, $0.count) == data.count) }
    }

    @Test("both files are listed with distinct ids; the raw one's id round-trips to its bytes; titles show U+FFFD")
    func listedWithDistinctIDs() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let source = try LocalFolderSource(root: folder.url)

        let items = try await allItems(of: source)

        #expect(items.map(\.id) == [".%Alb%FFm", "café.jpg", Self.rawID], "sorted by title: raw names beside their neighbours")
        #expect(items.map(\.title) == ["Alb\u{FFFD}m", "café.jpg", "caf\u{FFFD}.jpg"])
        #expect(items.map(\.kind) == [.container, .image, .image])
        try #require(items.count == 3)
        #expect(EncodedFileName.decode(name: Self.rawID) == Self.rawName)
        #expect(items[1].pixelSize == PixelSize(width: 40, height: 20))
        #expect(items[2].pixelSize == PixelSize(width: 20, height: 40))
        #expect(try await allIDs(of: source, in: folderScope(".%Alb%FFm")) == [".%Alb%FFm/inside.jpg"])
    }

    @Test("item(id:), the download and the thumbnail of each are its own picture")
    func eachIsItsOwnPicture() async throws {
        let folder = try Self.makeFolder()
        let cacheFolder = try TemporaryFolder()
        defer { folder.remove(); cacheFolder.remove() }
        let source = try LocalFolderSource(root: folder.url)
        let cache = ThumbnailCache(ThumbnailCache.Configuration(diskDirectory: cacheFolder.url, decodeThreads: 1, log: { _ in }))
        let spec = ThumbnailSpec(maxPixelSize: 16)

        let raw = try source.item(id: Self.rawID)
        let valid = try source.item(id: "café.jpg")
        let rawBytes = try await source.downloader.download(raw, from: source, variant: .full).bytes
        let rawThumbnail = try await cache.thumbnail(for: raw, from: source, spec: spec)
        let validThumbnail = try await cache.thumbnail(for: valid, from: source, spec: spec)

        #expect(raw.title == "caf\u{FFFD}.jpg")
        #expect(raw.pixelSize == PixelSize(width: 20, height: 40))
        #expect(rawBytes == (try ImageFixtures.jpeg(width: 20, height: 40)))
        #expect(rawThumbnail.pixelSize == PixelSize(width: 8, height: 16))
        #expect(validThumbnail.pixelSize == PixelSize(width: 16, height: 8))
        #expect(try source.item(id: ".%Alb%FFm/inside.jpg").pixelSize == PixelSize(width: 10, height: 10))
        #expect(await errorCode { _ = try source.item(id: ".%caf%E8.jpg") } == .notFound)
        #expect(await errorCode { _ = try source.item(id: "caf\u{FFFD}.jpg") } == .notFound, "the title is not an id")
    }

    @Test("the conformance suite passes on the folder, every photo sampled")
    func conformance() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let source = try LocalFolderSource(root: folder.url)

        let configuration = PhotoSourceConformance.Configuration(maximumImages: 50, maximumContainers: 10, pageSize: 2)
        let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

        report.expectAllPassed()
        let sizes = try #require(report.result(for: .advertisedPixelSize))
        #expect(sizes.message.hasPrefix("checked 3:"), "both files and the one in the raw-named folder: \(sizes.message)")
    }
}
