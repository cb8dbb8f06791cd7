import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("PreselectedSource list files")
struct PreselectedListFileTests {
    @Test("comments, blank lines, CRLF, relative and absolute paths, URLs and repeats")
    func parsesListFile() async throws {
        // Given a list file beside its photos, and one photo on a server
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let portrait = try ImageFixtures.jpeg(width: 14, height: 8, orientation: .right)
        try folder.write(portrait, to: "uploads/portrait.jpg")
        try folder.write(try ImageFixtures.png(width: 9, height: 7), to: "uploads/map.png")
        try folder.write(try ImageFixtures.jpeg(width: 5, height: 5), to: "cover.jpg")
        try await PhotoServer.run(["/remote/beach.jpg": .init(data: try ImageFixtures.jpeg(width: 33, height: 22))]) { server in
            let list = """
                # Photos customer 42 uploaded
                uploads/portrait.jpg

                   ./uploads//map.png   \r
                \(folder.path("cover.jpg"))
                  # an indented comment
                \(server.url("/remote/beach.jpg").absoluteString)
                uploads/portrait.jpg
                """
            try folder.write(Data(list.utf8), to: "order.txt")

            // When
            let source = try PreselectedSource.load(listFile: folder.url.appendingPathComponent("order.txt"), allowedOrigins: [server.origin])
            let items = try await PreselectedFixtures.rootItems(source)

            // Then
            let remote = server.url("/remote/beach.jpg")
            #expect(source.id == "urls:" + folder.path("order.txt"))
            #expect(source.title == "Preselected")
            #expect(items.map(\.id) == ["uploads/portrait.jpg", "uploads/map.png", "cover.jpg", remote.absoluteString])
            #expect(items.map(\.title) == ["portrait.jpg", "map.png", "cover.jpg", "beach.jpg"])
            #expect(items.map(\.pixelSize) == [
                PixelSize(width: 8, height: 14), PixelSize(width: 9, height: 7), PixelSize(width: 5, height: 5),
                PixelSize(width: 33, height: 22),
            ])
            #expect(items.map(\.publicURL) == [nil, nil, nil, remote])
            #expect(source.entries == [.file(path: "uploads/portrait.jpg"), .file(path: "uploads/map.png"), .file(path: "cover.jpg"), .remote(remote)])
            let bytes = try await source.downloader.download(items[0], from: source, variant: .full).bytes
            #expect(bytes == portrait)
        }
    }

    @Test("the line parser numbers lines as an editor does and skips what is not an entry")
    func lineNumbers() {
        let lines = PreselectedListFile.lines(in: "\u{FEFF}# header\n\na.jpg\r\n  # note\n b.jpg \n", name: "list.txt")

        #expect(lines.map(\.text) == ["a.jpg", "b.jpg"])
        #expect(lines.map(\.place) == ["Line 3 of list.txt", "Line 5 of list.txt"])
    }

    @Test("paths leaving the list's folder are refused, naming the line", arguments: ["../secret.jpg", "uploads/../../secret.jpg", "/etc/passwd"])
    func escapingPathRefused(path: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data("ok.jpg\n\(path)\n".utf8), to: "list.txt")

        let error = #expect(throws: PhotoSourceError.self) {
            try PreselectedSource.load(listFile: folder.url.appendingPathComponent("list.txt"), allowedOrigins: [])
        }

        #expect(error?.code == .accessDenied)
        #expect(error?.message.hasPrefix("Line 2 of list.txt:") == true)
    }

    @Test("keepingRefused: refused lines stay in their place as not allowed, are never read, and say why; a malformed line still fails")
    func keepingRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(try ImageFixtures.jpeg(width: 5, height: 4), to: "ok.jpg")
        try folder.write(try ImageFixtures.jpeg(width: 5, height: 4), to: "secret.jpg")
        try folder.write(Data("ok.jpg\n../secret.jpg\nftp://example.com/a.jpg\n".utf8), to: "uploads/list.txt")
        let list = folder.url.appendingPathComponent("uploads/list.txt")
        // When
        let source = try PreselectedSource.load(listFile: list, allowedOrigins: [], keepingRefused: true)
        // Then
        #expect(source.refusedEntries.count == 2)
        #expect(source.refusedEntries.first?.hasPrefix("Line 2 of list.txt:") == true)
        #expect(source.refusedEntries.last?.hasPrefix("Line 3 of list.txt:") == true)
        let page = try await source.items(in: .root, page: 0, count: 10)
        #expect(page.items.map(\.title) == ["ok.jpg", "secret.jpg (not allowed)", "a.jpg (not allowed)"])
        #expect(page.items[1].userInfo["problem"] == "not allowed")
        let refused = await #expect(throws: PhotoSourceError.self) { try await source.downloader.download(page.items[1], from: source, variant: .full) }
        #expect(refused?.code == .accessDenied)
        // A malformed line is a typo to fix, not a refusal.
        try folder.write(Data("ok.jpg\nhttp://\n".utf8), to: "uploads/list.txt")
        #expect(throws: PhotoSourceError.self) { try PreselectedSource.load(listFile: list, allowedOrigins: [], keepingRefused: true) }
    }

    @Test("a symlink inside the folder that leads out of it is listed without a size and refused when read")
    func escapingSymlinkRefusedWhenRead() async throws {
        let outside = try TemporaryFolder()
        let folder = try TemporaryFolder()
        defer { outside.remove(); folder.remove() }
        try outside.write(try ImageFixtures.jpeg(), to: "secret.jpg")
        try folder.link("sneaky.jpg", to: outside.path("secret.jpg"))
        let source = try PreselectedSource(entries: ["sneaky.jpg"], fileRoot: folder.url)

        let items = try await PreselectedFixtures.rootItems(source)
        let code = await errorCode { _ = try await source.downloader.download(items[0], from: source, variant: .full) }

        #expect(items.map(\.pixelSize) == [nil])
        #expect(code == .accessDenied)
    }

    @Test("file URLs and spellings of the same path become one normalised entry")
    func fileSpellings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        let source = try PreselectedSource(
            entries: ["file://" + folder.path("shots/a.jpg"), "./shots//a.jpg", "shots/./b.jpg", folder.path("shots/b.jpg")],
            fileRoot: folder.url)
        let otherHost = #expect(throws: PhotoSourceError.self) {
            try PreselectedSource(entries: ["file://server/share/a.jpg"], fileRoot: folder.url)
        }
        let folderItself = #expect(throws: PhotoSourceError.self) { try PreselectedSource(entries: ["./"], fileRoot: folder.url) }

        #expect(source.entries == [.file(path: "shots/a.jpg"), .file(path: "shots/b.jpg")])
        #expect(source.fileRoot?.path == folder.url.resolvingSymlinksInPath().path)
        #expect(otherHost?.code == .invalidData)
        #expect(folderItself?.code == .invalidData)
    }

    @Test("files are refused when the source was given no folder")
    func filesNeedARoot() {
        let error = #expect(throws: PhotoSourceError.self) { try PreselectedSource(entries: ["photo.jpg"]) }
        #expect(error?.code == .accessDenied)
        #expect(error?.message.hasPrefix("Entry 1:") == true)
    }

    @Test("a missing, oversized or non-UTF-8 list file fails with its own code")
    func badListFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data([0x61, 0xFF, 0xFE, 0x0A]), to: "latin1.txt")
        try folder.write(Data(count: PreselectedSource.maximumListFileBytes + 1), to: "huge.txt")
        func code(_ name: String) -> PhotoSourceError.Code? {
            #expect(throws: PhotoSourceError.self) {
                try PreselectedSource.load(listFile: folder.url.appendingPathComponent(name), allowedOrigins: [])
            }?.code
        }

        #expect(code("missing.txt") == .notFound)
        #expect(code("huge.txt") == .tooLarge)
        #expect(code("latin1.txt") == .invalidData)
    }

    @Test("an empty list is an empty root")
    func emptyList() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data("# nothing yet\n\n".utf8), to: "list.txt")
        let source = try PreselectedSource.load(listFile: folder.url.appendingPathComponent("list.txt"), allowedOrigins: [])

        let page = try await source.items(in: .root, page: 0, count: 10)

        #expect(page.items.isEmpty)
        #expect(page.hasMore == false)
        #expect(page.totalCount == 0)
    }
}
