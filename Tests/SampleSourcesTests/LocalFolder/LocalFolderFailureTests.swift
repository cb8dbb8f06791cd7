import Foundation
import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SampleSources

/// Files that vanish or cannot be read. Tests run as root, for whom `chmod 000` does not stop a
/// read, so "unreadable" is shown with a dangling symlink, a FIFO and a folder named like a photo.
@Suite("LocalFolderSource failures")
struct LocalFolderFailureTests {
    @Test("a file that vanishes between listing and download is .notFound")
    func vanishedFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(), to: "gone.jpg")
        let source = try LocalFolderSource(root: folder.url)
        let item = try #require(try await source.items(in: .root, page: 0, count: 5).items.first)

        try FileManager.default.removeItem(atPath: folder.path("gone.jpg"))

        #expect(await errorCode { _ = try await source.downloader.download(item, from: source, variant: .full) } == .notFound)
        #expect(await errorCode { _ = try source.item(id: "gone.jpg") } == .notFound)
    }

    @Test("a dangling symlink is skipped by the listing and .notFound by id")
    func danglingSymlink() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.link("broken.jpg", to: "nowhere.jpg")
        try folder.write(ImageFixtures.jpeg(), to: "ok.jpg")
        let source = try LocalFolderSource(root: folder.url)

        #expect(try await allIDs(of: source) == ["ok.jpg"])
        #expect(await errorCode { _ = try source.item(id: "broken.jpg") } == .notFound)
    }

    @Test("a FIFO named like a photo is skipped, and reading it fails instead of blocking")
    func fifo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.makeFIFO("pipe.jpg")
        let source = try LocalFolderSource(root: folder.url)

        #expect(try await allIDs(of: source).isEmpty)
        #expect(await errorCode { _ = try source.item(id: "pipe.jpg") } == .invalidData)
        #expect(await downloadErrorCode("pipe.jpg", from: source) == .invalidData)
    }

    @Test("a folder named like a photo is a container, and downloading it is .invalidData")
    func folderNamedLikePhoto() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.makeFolder("holiday.jpg")
        let source = try LocalFolderSource(root: folder.url)

        let items = try await allItems(of: source)

        #expect(items.map(\.kind) == [.container])
        #expect(await downloadErrorCode("holiday.jpg", from: source) == .invalidData)
    }

    @Test("a truncated or corrupt photo is listed without a size and does not break the listing")
    func truncatedPhoto() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let whole = try ImageFixtures.jpeg(width: 20, height: 10)
        try folder.write(whole.prefix(4), to: "a-cut.jpg")
        try folder.write(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), to: "b-cut.png")
        try folder.write(whole, to: "c-whole.jpg")
        let source = try LocalFolderSource(root: folder.url)

        let items = try await allItems(of: source)

        #expect(items.map(\.id) == ["a-cut.jpg", "b-cut.png", "c-whole.jpg"])
        #expect(items.map(\.pixelSize) == [nil, nil, PixelSize(width: 20, height: 10)])
        #expect(try source.item(id: "a-cut.jpg").pixelSize == nil)
    }

    @Test("listing a folder that no longer exists is .notFound; listing a file is .invalidData")
    func badScopes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(), to: "Album/a.jpg")
        try folder.write(ImageFixtures.jpeg(), to: "b.jpg")
        let source = try LocalFolderSource(root: folder.url)
        let album = try source.item(id: "Album")
        _ = try await source.items(for: album, in: .root, page: 0, count: 5)

        try FileManager.default.removeItem(atPath: folder.path("Album"))

        #expect(await errorCode { _ = try await source.items(for: album, in: .root, page: 0, count: 5) } == .notFound)
        #expect(await errorCode { _ = try await source.items(in: folderScope("b.jpg"), page: 0, count: 5) } == .invalidData)
    }
}
