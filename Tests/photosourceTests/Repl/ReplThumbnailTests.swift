import Foundation
import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL thumbnails: thumb, view, cache and prefetch")
struct ReplThumbnailTests {
    static let escape = "\u{1B}["

    func colourTerminal(trueColor: Bool) -> Terminal {
        Terminal(isInteractive: false, usesColor: true, hasTrueColor: trueColor, width: 8)
    }

    @Test("view draws two pixels per character with 24-bit colours")
    func viewTrueColor() async {
        let harness = ReplHarness(sources: [PictureSource.make()], terminal: colourTerminal(trueColor: true))
        // When
        let lines = await harness.linesOf("view 2", after: ["ls"])
        // Then
        let red = Self.escape + "38;2;255;0;0m" + Self.escape + "48;2;255;0;0m▀"
        let blue = Self.escape + "38;2;0;0;255m" + Self.escape + "48;2;0;0;255m▀"
        #expect(harness.output.errors.isEmpty)
        #expect(lines.count == 4, "8 rows of pixels, two per line")
        #expect(lines.first == String(repeating: red, count: 8) + Self.escape + "0m")
        #expect(lines.last == String(repeating: blue, count: 8) + Self.escape + "0m")
    }

    @Test("view fits the window's height too: a picture never takes more rows than the terminal has, less the prompt's")
    func viewFitsHeight() async {
        let short = Terminal(isInteractive: false, usesColor: true, hasTrueColor: true, width: 80, height: 3)
        let harness = ReplHarness(sources: [PictureSource.make()], terminal: short)
        // When
        let lines = await harness.linesOf("view 2", after: ["ls"])
        // Then: 8×8 pixels into 80 columns and 2 rows (4 pixel rows): 4×4
        #expect(harness.output.errors.isEmpty)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.components(separatedBy: "▀").count - 1 == 4 })
        #expect(TerminalPicture.longSide(fitting: PixelSize(width: 1000, height: 3000), columns: 100, pixelRows: 58) == 58)
        #expect(TerminalPicture.longSide(fitting: PixelSize(width: 3000, height: 1000), columns: 100, pixelRows: 58) == 100)
        #expect(TerminalPicture.longSide(fitting: PixelSize(width: 40, height: 30), columns: 100, pixelRows: 58) == 40)
    }

    @Test("without truecolor, view uses the nearest of the 256 colours")
    func view256() async {
        let harness = ReplHarness(sources: [PictureSource.make()], terminal: colourTerminal(trueColor: false))
        let lines = await harness.linesOf("view 2", after: ["ls"])
        #expect(lines.first?.hasPrefix(Self.escape + "38;5;196m" + Self.escape + "48;5;196m▀") == true)
        #expect(lines.last?.hasPrefix(Self.escape + "38;5;21m" + Self.escape + "48;5;21m▀") == true)
    }

    @Test("view needs a colour terminal and a photo; each refusal is one line")
    func viewRefusals() async {
        let plain = ReplHarness(sources: [PictureSource.make()])
        let colour = ReplHarness(sources: [PictureSource.make()], terminal: colourTerminal(trueColor: true))
        // When
        await plain.run(["view 2"])
        await colour.run(["view 1", "view 3"])
        // Then
        #expect(plain.output.errors.count == 1)
        #expect(plain.output.errors.first?.hasPrefix("`view` draws with colour escapes, so it needs a colour terminal") == true)
        #expect(colour.output.errors.count == 2)
        #expect(colour.output.errors.first?.contains("album is an album; only photos have thumbnails.") == true)
        #expect(colour.output.errors.last?.contains("There is no item 3 on this page; pick 1 to 2.") == true)
    }

    @Test("thumb writes the thumbnail into a folder, and cache counts the work and the hits")
    func thumbWritesAndCacheCounts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-thumb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = ReplHarness(sources: [PictureSource.make()])
        // When
        let wrote = await harness.linesOf("thumb 2 --size 4 --out \(folder.path)")
        let again = await harness.linesOf("thumb 2 --out \(folder.path)/ --size 4")
        let counters = await harness.linesOf("cache")
        // Then
        #expect(harness.output.errors.isEmpty)
        let file = folder.appendingPathComponent("split_thumb.jpg")
        #expect(wrote.count == 1 && wrote.first?.hasPrefix("Wrote \(file.path) (4×4, ") == true)
        #expect(again.first?.hasPrefix("Wrote \(file.path) (4×4, ") == true)
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(bytes.prefix(3) == [0xFF, 0xD8, 0xFF], "a photo without alpha gets a JPEG thumbnail")
        #expect(counters.first?.hasPrefix("memory hits 1, disk hits 0, misses 1, downloads 1, decodes 1") == true)
    }

    @Test("thumb --out's extension chooses the format; another extension is refused and nothing is written")
    func thumbFormatFromExtension() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-thumb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = ReplHarness(sources: [PictureSource.make()])
        // When
        await harness.run(["thumb 2 --out \(folder.path)/t.png", "thumb 2 --out \(folder.path)/t.JPEG", "thumb 2 --out \(folder.path)/t.gif"])
        // Then
        let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent("t.png")))
        let jpeg = try [UInt8](Data(contentsOf: folder.appendingPathComponent("t.JPEG")))
        #expect(png.prefix(4) == [0x89, 0x50, 0x4E, 0x47], "a .png name gets PNG bytes although the photo has no alpha")
        #expect(jpeg.prefix(3) == [0xFF, 0xD8, 0xFF])
        #expect(harness.output.errors == [
            "Thumbnails are JPEG or PNG, so t.gif cannot be one; end the name with .jpg or .png, or give a folder."
        ])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.gif").path))
    }

    @Test("a photo titled like a path is saved inside the folder under a safe name, never beside or above it")
    func thumbHostileTitle() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-hostile-\(UUID().uuidString)")
        let saveFolder = root.appendingPathComponent("a/b", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = ReplHarness(sources: [PictureSource.make(photoTitle: "../../evil\u{202E}gnp.png")], thumbnails: .inMemory(saveFolder: saveFolder))
        // When
        await harness.run(["ls", "thumb 2 --size 4"])
        // Then
        #expect(harness.output.errors.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: saveFolder.path) == ["_.._evil_gnp_thumb.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a"])
    }

    @Test("thumb without --out writes into the thumbnails folder, never the current folder, and prints the path")
    func thumbDefaultFolder() async throws {
        let saveFolder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-saved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: saveFolder) }
        let harness = ReplHarness(sources: [PictureSource.make()], thumbnails: .inMemory(saveFolder: saveFolder))
        let cwdBefore = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        // When
        let wrote = await harness.linesOf("thumb 2 --size 4")
        // Then
        let file = saveFolder.appendingPathComponent("split_thumb.jpg")
        #expect(wrote.first?.hasPrefix("Wrote \(file.path) (4×4, ") == true)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath) == cwdBefore)
    }

    @Test("thumb options are checked", arguments: [
        ("thumb", "`thumb` needs an item number, as in `thumb 1 --size 512`."),
        ("thumb 1 --size", "--size needs a value, as in `thumb 1 --size 512`."),
        ("thumb 1 --size 0", "--size takes pixels from 1 to 4096; \"0\" is not."),
        ("thumb 1 --colour red", "`thumb` knows --size and --out, not \"--colour\"."),
        ("thumb 1 --colour", "`thumb` knows --size and --out, not \"--colour\"."),
    ])
    func thumbOptions(line: String, message: String) {
        #expect(throws: ReplInputError(message)) { try ReplCommand.parse(line) }
    }

    @Test("a listing prefetches its photos' thumbnails, so thumb then hits memory")
    func listingPrefetches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let thumbnails = ThumbnailOptions.inMemory(prefetchSize: 4)
        let harness = ReplHarness(sources: [PictureSource.make()], thumbnails: thumbnails)
        // When
        await harness.run(["ls"])
        await thumbnails.prefetch.wait()
        let counters = await harness.linesOf("cache", after: ["thumb 2 --size 4 --out \(folder.path)/"])
        // Then
        #expect(harness.output.errors.isEmpty)
        #expect(counters.first?.hasPrefix("memory hits 1, disk hits 0, misses 1, downloads 1, decodes 1") == true,
                "the prefetch downloaded the photo (not the album) once; thumb found it in memory")
    }
}
