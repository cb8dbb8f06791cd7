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
        let again = await harness.linesOf("thumb 2 --out \(folder.path)/copy.jpg --size 4")
        let counters = await harness.linesOf("cache")
        // Then
        #expect(harness.output.errors.isEmpty)
        let file = folder.appendingPathComponent("split_thumb.jpg")
        #expect(wrote.count == 1 && wrote.first?.hasPrefix("Wrote \(file.path) (4×4, ") == true)
        #expect(again.first?.hasPrefix("Wrote \(folder.path)/copy.jpg (4×4, ") == true)
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(bytes.prefix(3) == [0xFF, 0xD8, 0xFF], "a photo without alpha gets a JPEG thumbnail")
        #expect(counters.first?.hasPrefix("memory hits 1, disk hits 0, misses 1, downloads 1, decodes 1") == true)
    }

    @Test("thumb options are checked", arguments: [
        ("thumb", "`thumb` needs an item number, as in `thumb 1 --size 512`."),
        ("thumb 1 --size", "--size needs a value, as in `thumb 1 --size 512`."),
        ("thumb 1 --size 0", "--size takes pixels from 1 to 4096; \"0\" is not."),
        ("thumb 1 --colour red", "`thumb` knows --size and --out, not \"--colour\"."),
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
