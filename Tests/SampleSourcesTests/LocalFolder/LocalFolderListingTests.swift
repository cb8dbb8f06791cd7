import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("LocalFolderSource listing")
struct LocalFolderListingTests {
    @Test("subfolders are containers, JPEG and PNG files are images, folders first")
    func foldersAndImages() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(width: 12, height: 9), to: "beach.jpg")
        try folder.write(ImageFixtures.png(width: 5, height: 7), to: "chart.png")
        try folder.write(ImageFixtures.jpeg(), to: "Zoo/lion.jpg")
        try folder.makeFolder("Albums")

        // When
        let source = try LocalFolderSource(root: folder.url)
        let items = try await source.items(in: .root, page: 0, count: 50).items

        // Then
        #expect(items.map(\.id) == ["Albums", "Zoo", "beach.jpg", "chart.png"])
        #expect(items.map(\.kind) == [.container, .container, .image, .image])
        #expect(items.map(\.title) == ["Albums", "Zoo", "beach.jpg", "chart.png"])
        #expect(items[2].pixelSize == PixelSize(width: 12, height: 9))
        #expect(items[3].pixelSize == PixelSize(width: 5, height: 7))
        #expect(items.allSatisfy { $0.sourceID == source.id })
        #expect(source.title == folder.url.lastPathComponent)
    }

    @Test("images are recognised by magic bytes, not by extension; a file named like a photo that is not one is listed as not a photo")
    func magicBytesNotExtensions() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data("this is not a photo".utf8), to: "notes.jpg")
        try folder.write(Data("<!DOCTYPE html><html>login</html>".utf8), to: "page.JPEG")
        try folder.write(ImageFixtures.png(width: 3, height: 2), to: "export.dat")
        try folder.write(ImageFixtures.jpeg(width: 4, height: 4), to: "camera")
        try folder.write(Data(), to: "empty.png")
        try folder.write(Data("shopping list".utf8), to: "readme.txt")

        let source = try LocalFolderSource(root: folder.url)
        let items = try await allItems(of: source)

        // Then: photos by their bytes; files named like photos kept in place, marked; other files not listed
        #expect(items.map(\.id) == ["camera", "empty.png", "export.dat", "notes.jpg", "page.JPEG"])
        #expect(items.map(\.title) == ["camera", "empty.png (not a photo)", "export.dat", "notes.jpg (not a photo)", "page.JPEG (not a photo)"])
        #expect(items.allSatisfy { $0.kind == .image })
        #expect(items[0].userInfo == ["format": "jpeg"] && items[2].userInfo == ["format": "png"])
        #expect(items[2].pixelSize == PixelSize(width: 3, height: 2))
        #expect(items[1].problem == "The image data is empty; expected a JPEG or PNG file.")
        #expect(items[3].problem == "This data is not a supported image format; only JPEG and PNG can be decoded.")
        #expect(items[4].problem?.contains("an HTML page") == true)
        #expect(items[3].pixelSize == nil && items[3].userInfo["format"] == nil)
        let refusal = await #expect(throws: PhotoSourceError.self) { _ = try source.item(id: "notes.jpg") }
        #expect(refusal?.code == .unsupportedFormat)
        #expect(refusal?.message == "\"notes.jpg\" is not a photo: " + (items[3].problem ?? ""))
    }

    @Test("a file rewritten in place is listed as its bytes are now, without a new folder index")
    func rewrittenFileFollowsItsBytes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(width: 4, height: 4), to: "a.jpg")
        try folder.write(Data("draft".utf8), to: "b.jpg")
        let source = try LocalFolderSource(root: folder.url)
        #expect(try await allItems(of: source).map(\.title) == ["a.jpg", "b.jpg (not a photo)"])

        // When: both rewritten (the folder's own mtime may not change)
        try Data("gone".utf8).write(to: folder.url.appendingPathComponent("a.jpg"))
        try ImageFixtures.jpeg(width: 6, height: 5).write(to: folder.url.appendingPathComponent("b.jpg"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: folder.url.appendingPathComponent("b.jpg").path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: folder.url.appendingPathComponent("a.jpg").path)

        // Then
        let items = try await allItems(of: source)
        #expect(items.map(\.title) == ["a.jpg (not a photo)", "b.jpg"])
        #expect(items[1].pixelSize == PixelSize(width: 6, height: 5))
    }

    @Test("hidden files and folders are skipped")
    func hiddenEntriesSkipped() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(), to: ".secret.jpg")
        try folder.write(ImageFixtures.jpeg(), to: ".thumbnails/a.jpg")
        try folder.write(ImageFixtures.jpeg(), to: "visible.jpg")

        let source = try LocalFolderSource(root: folder.url)

        #expect(try await allIDs(of: source) == ["visible.jpg"])
        #expect(await errorCode { _ = try source.item(id: ".secret.jpg") } == .notFound)
        #expect(await errorCode { _ = try await source.items(in: folderScope(".thumbnails"), page: 0, count: 10) } == .notFound)
    }

    @Test("names are in natural order, case-insensitive, stable across calls")
    func naturalOrder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let names = ["img10.jpg", "img2.jpg", "Img1.jpg", "img01.jpg", "IMG3.png", "a100b.jpg", "a20b.jpg", "b.jpg"]
        for name in names { try folder.write(ImageFixtures.jpeg(), to: name) }
        try folder.makeFolder("folder 10")
        try folder.makeFolder("Folder 9")

        let source = try LocalFolderSource(root: folder.url)
        let first = try await allIDs(of: source)
        let second = try await allIDs(of: LocalFolderSource(root: folder.url))

        #expect(first == [
            "Folder 9", "folder 10",
            "a20b.jpg", "a100b.jpg", "b.jpg", "Img1.jpg", "img01.jpg", "img2.jpg", "IMG3.png", "img10.jpg",
        ])
        #expect(second == first)
    }

    @Test("an empty folder lists nothing; an empty subfolder lists only the back item")
    func emptyFolders() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try LocalFolderSource(root: folder.url)

        let root = try await source.items(in: .root, page: 0, count: 10)
        #expect(root.items.isEmpty)
        #expect(root.hasMore == false)
        #expect(root.totalCount == 0)

        try folder.makeFolder("Empty")
        let sub = try await source.items(in: folderScope("Empty"), page: 0, count: 10)
        #expect(sub.items.map(\.kind) == [.back])
        #expect(sub.totalCount == 0)
    }

    @Test("pages are exact, complete and without duplicates; the back item is on page 0 of a subfolder only")
    func paging() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for number in 1...23 { try folder.write(ImageFixtures.jpeg(), to: "Album/photo\(number).jpg") }
        try folder.write(Data("skip me".utf8), to: "Album/readme.txt")
        try folder.write(ImageFixtures.jpeg(), to: "cover.jpg")
        let source = try LocalFolderSource(root: folder.url)
        let album = try #require(try await source.items(in: .root, page: 0, count: 10).items.first)
        #expect(album.id == "Album" && album.kind == .container)

        // When
        let pages = try await (0...3).asyncMap { try await source.items(for: album, in: .root, page: $0, count: 10) }

        // Then
        #expect(pages.map { $0.contentItems.count } == [10, 10, 3, 0])
        #expect(pages.map(\.hasMore) == [true, true, false, false])
        #expect(pages.map(\.totalCount) == [23, 23, 23, 23])
        #expect(pages[0].items.first?.kind == .back)
        #expect(pages[1].items.allSatisfy { $0.kind == .image })
        let ids = pages.flatMap { $0.contentItems.map(\.id) }
        #expect(ids == (1...23).map { "Album/photo\($0).jpg" })
        let root = try await source.items(in: .root, page: 0, count: 1)
        #expect(root.items.map(\.id) == ["Album"])
        #expect(root.hasMore)
    }

    @Test("looking up items by id gives what the listing gives")
    func itemLookup() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.png(width: 6, height: 4, alpha: true), to: "Trips/Rome/forum.png")
        let source = try LocalFolderSource(root: folder.url, id: "trips", title: "My trips")

        let photo = try source.item(id: "Trips/Rome/forum.png")
        let album = try source.item(id: "Trips/Rome")
        let listed = try await allItems(of: source, in: ItemScope.root.appending(id: "Trips", title: "Trips").appending(id: "Trips/Rome", title: "Rome"))

        #expect(source.id == "trips" && source.title == "My trips")
        #expect(photo == listed.first as? DefaultPhotoSourceItem)
        #expect(photo.pixelSize == PixelSize(width: 6, height: 4))
        #expect(album.kind == .container && album.title == "Rome")
        #expect(await errorCode { _ = try source.item(id: "") } == .invalidData)
        #expect(await errorCode { _ = try source.item(id: "Trips//Rome") } == .notFound)
    }

    @Test("a download returns the file's bytes and a validator")
    func download() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try ImageFixtures.jpeg(width: 10, height: 10)
        try folder.write(bytes, to: "a/b.jpg")
        let source = try LocalFolderSource(root: folder.url)

        let data = try await source.downloader.download(source.item(id: "a/b.jpg"), from: source, variant: .full)

        #expect(data.bytes == bytes)
        #expect(data.validator != nil)
    }

    @Test("a missing root folder is .notFound")
    func missingRoot() async throws {
        let folder = try TemporaryFolder()
        folder.remove()
        #expect(await errorCode { _ = try LocalFolderSource(root: folder.url) } == .notFound)
    }
}

extension ClosedRange where Bound == Int {
    /// Maps the range in order with an async transform.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for value in self { results.append(try await transform(value)) }
        return results
    }
}
