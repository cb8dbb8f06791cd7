import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Demo library")
struct DemoLibraryTests {
    @Test("the generated library has the documented structure and is reused once complete")
    func generatedLibrary() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent(DemoLibrary.version)
        try folder.makeFolder(".\(DemoLibrary.version).partial-2147483646-7")  // left by a dead process

        // When
        let source = try DemoLibrary.source(at: target)

        // Then: the source
        #expect(source.id == "demo" && source.title == "Sample Library")
        #expect(source.root.path == target.resolvingSymlinksInPath().path)
        #expect(!FileManager.default.fileExists(atPath: folder.path(".\(DemoLibrary.version).partial-2147483646-7")))
        // albums three levels deep
        let rome = ItemScope.root.appending(id: "Travel", title: "Travel").appending(id: "Travel/Italy", title: "Italy")
            .appending(id: "Travel/Italy/Rome", title: "Rome")
        let romePhotos = try await allItems(of: source, in: rome)
        #expect(romePhotos.count == 8 && romePhotos.allSatisfy(\.isImage))
        #expect(romePhotos.prefix(3).map(\.title) == ["Rome 1.jpg", "Rome 2.jpg", "Rome 3.jpg"])
        // the big album pages
        let scans = ItemScope.root.appending(id: "Archive", title: "Archive").appending(id: DemoPlan.bigAlbum, title: "Scans")
        let lastPage = try await source.items(in: scans, page: 19, count: 100)
        #expect(lastPage.totalCount == 2_000)
        #expect(lastPage.items.last?.id == "\(DemoPlan.bigAlbum)/Scan 2000.jpg")
        #expect(lastPage.items.last?.pixelSize == PixelSize(width: 320, height: 240))
        // alpha PNGs and EXIF-rotated JPEGs, as planned, read back from the files
        let headers = try DemoPlan.photos.filter { !$0.path.hasPrefix(DemoPlan.bigAlbum) }.map { photo in
            (photo, try ImageHeader.read(Data(contentsOf: target.appendingPathComponent(photo.path))))
        }
        #expect(headers.allSatisfy { photo, header in header.displaySize == photo.size && header.format == photo.format })
        #expect(headers.filter { $0.1.hasAlpha }.count >= 3)
        #expect(headers.filter { $0.1.orientation != .up }.count >= 3)
        #expect(headers.contains { $0.1.orientation.swapsDimensions && $0.1.displaySize.height > $0.1.displaySize.width })
        #expect(headers.contains { $0.1.displaySize == PixelSize(width: 6000, height: 4000) })
        // the files are the ones an independent rendering gives
        for photo in DemoLibraryTests.sample {
            #expect(try Data(contentsOf: target.appendingPathComponent(photo.path)) == DemoLibraryWriter.encode(photo))
        }
        let bytes = try directorySize(target)
        #expect(bytes < 60_000_000)

        // When asked again
        let marker = target.appendingPathComponent(DemoLibrary.markerName)
        let before = try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date
        let again = try DemoLibrary.ensure(at: target)
        let after = try FileManager.default.attributesOfItem(atPath: marker.path)[.modificationDate] as? Date

        // Then nothing is regenerated
        #expect(again.standardizedFileURL.path == target.standardizedFileURL.path)
        #expect(before == after)
    }

    @Test("two generations into two folders give identical bytes")
    func deterministic() throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        defer { first.remove(); second.remove() }

        try DemoLibraryWriter.render(DemoLibraryTests.sample, into: first.url)
        try DemoLibraryWriter.render(DemoLibraryTests.sample, into: second.url)

        for photo in DemoLibraryTests.sample {
            let a = try Data(contentsOf: first.url.appendingPathComponent(photo.path))
            let b = try Data(contentsOf: second.url.appendingPathComponent(photo.path))
            #expect(a == b, "\(photo.path) differs between two generations")
            #expect(ImageHeader.sniff(a) == photo.format)
        }
    }

    @Test("a folder that exists with other content is refused and left untouched")
    func foreignFolderRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data("mine".utf8), to: "notes.txt")

        #expect(await errorCode { _ = try DemoLibrary.ensure(at: folder.url) } == .invalidData)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(!DemoLibrary.isComplete(folder.url))
    }

    @Test("a library is complete only with this version's marker")
    func marker() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(!DemoLibrary.isComplete(folder.url))
        try folder.write(Data("demo-library-v0\n".utf8), to: DemoLibrary.markerName)
        #expect(!DemoLibrary.isComplete(folder.url))
        try folder.write(DemoLibrary.markerContents, to: DemoLibrary.markerName)
        #expect(DemoLibrary.isComplete(folder.url))
        #expect(DemoLibrary.defaultFolder.path.hasSuffix("/photosource/\(DemoLibrary.version)"))
    }

    @Test("the default folder follows XDG_CACHE_HOME, then HOME; relative values are ignored", arguments: [
        (["XDG_CACHE_HOME": "/xdg", "HOME": "/home/a"], "/xdg/photosource"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/a"], "/home/a/.cache/photosource"),
        (["HOME": "/home/a"], "/home/a/.cache/photosource"),
    ])
    func defaultFolder(environment: [String: String], expected: String) {
        #expect(DemoLibrary.defaultFolder(environment: environment).path == expected + "/" + DemoLibrary.version)
    }

    @Test("without HOME the default folder is under the account's home directory")
    func defaultFolderWithoutHome() {
        let expected = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/photosource").path
        #expect(DemoLibrary.defaultFolder(environment: [:]).path == expected + "/" + DemoLibrary.version)
    }

    /// A few photos of every kind: each theme, the rotated ones, PNGs, progressive JPEGs, scans.
    static let sample: [DemoPhoto] = {
        let small = DemoPlan.photos.filter { $0.size.pixelCount! <= 2_000_000 }
        var picked: [DemoPhoto] = []
        for theme in DemoPhoto.Theme.allCases {
            picked += small.filter { $0.theme == theme }.prefix(2)
        }
        picked += small.filter { $0.orientation != .up || $0.progressive }
        var seen = Set<String>()
        return picked.filter { seen.insert($0.path).inserted }
    }()

    private func directorySize(_ url: URL) throws -> Int {
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let file = files?.nextObject() as? URL {
            total += try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        }
        return total
    }
}
