import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("LocalFolderSource security")
struct LocalFolderSecurityTests {
    /// A root folder with one photo, beside an "outside" folder holding a secret photo.
    struct Layout {
        let base: TemporaryFolder
        var root: URL { base.url.appendingPathComponent("root") }
        var outsidePhoto: String { base.path("outside/secret.jpg") }

        init() throws {
            base = try TemporaryFolder()
            try base.write(ImageFixtures.jpeg(width: 9, height: 3), to: "root/Album/inside.jpg")
            try base.write(ImageFixtures.jpeg(), to: "outside/secret.jpg")
        }
    }

    @Test("ids that climb out or are absolute are refused with .accessDenied", arguments: [
        "../x", "/etc/passwd", "a/../../x", "..", "Album/../../outside/secret.jpg",
    ])
    func traversalRefused(id: String) async throws {
        let layout = try Layout()
        defer { layout.base.remove() }
        let source = try LocalFolderSource(root: layout.root)

        #expect(await errorCode { _ = try source.item(id: id) } == .accessDenied)
        #expect(await downloadErrorCode(id, from: source) == .accessDenied)
        #expect(await errorCode { _ = try await source.items(in: folderScope(id), page: 0, count: 5) } == .accessDenied)
    }

    @Test("a symlink leading out of the root is not listed and is refused")
    func symlinkEscapeRefused() async throws {
        let layout = try Layout()
        defer { layout.base.remove() }
        try layout.base.link("root/escape.jpg", to: layout.outsidePhoto)
        try layout.base.link("root/EscapeFolder", to: "../outside")
        let source = try LocalFolderSource(root: layout.root)

        #expect(try await allIDs(of: source) == ["Album"])
        #expect(await errorCode { _ = try source.item(id: "escape.jpg") } == .accessDenied)
        #expect(await errorCode { _ = try source.item(id: "EscapeFolder/secret.jpg") } == .accessDenied)
        #expect(await downloadErrorCode("escape.jpg", from: source) == .accessDenied)
        #expect(await errorCode { _ = try await source.items(in: folderScope("EscapeFolder"), page: 0, count: 5) } == .accessDenied)
    }

    @Test("symlinks to a photo or folder inside the root work")
    func symlinkInsideRootWorks() async throws {
        let layout = try Layout()
        defer { layout.base.remove() }
        try layout.base.link("root/favourite.jpg", to: "Album/inside.jpg")
        try layout.base.link("root/Shortcut", to: layout.root.appendingPathComponent("Album").path)
        let source = try LocalFolderSource(root: layout.root)

        let rootItems = try await allItems(of: source)
        let shortcutItems = try await allItems(of: source, in: folderScope("Shortcut"))
        let bytes = try await source.downloader.download(source.item(id: "favourite.jpg"), from: source, variant: .full).bytes

        #expect(rootItems.map(\.id) == ["Album", "Shortcut", "favourite.jpg"])
        #expect(rootItems.map(\.kind) == [.container, .container, .image])
        #expect(rootItems[2].pixelSize == PixelSize(width: 9, height: 3))
        #expect(shortcutItems.map(\.id) == ["Shortcut/inside.jpg"])
        #expect(shortcutItems.first?.pixelSize == PixelSize(width: 9, height: 3))
        #expect(bytes == (try Data(contentsOf: layout.root.appendingPathComponent("Album/inside.jpg"))))
    }
}
