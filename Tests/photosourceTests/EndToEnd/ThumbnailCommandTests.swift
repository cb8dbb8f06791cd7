import Foundation
import Testing

@Suite("photosource thumbnail")
struct ThumbnailCommandTests {
    /// A 64×48 gradient: a real, decodable PNG.
    static let gradient = ImageBytes.png(width: 64, height: 48) { x, y in [UInt8(x * 4), UInt8(y * 5), 128] }
    /// A 200×100 gradient, wider than a narrow window and narrower than a wide one's pixels.
    static let gradient200x100 = ImageBytes.png(width: 200, height: 100) { x, y in [UInt8(x), UInt8(y * 2), 128] }

    @Test("thumbnails every file into --out and ends with a summary line")
    func writesThumbnails() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        for name in ["a.png", "b.png", "sub/a.png"] { try folder.write(name, Self.gradient) }
        let out = folder.root.appendingPathComponent("thumbs")
        let inputs = ["a.png", "b.png", "sub/a.png"].map { folder.root.appendingPathComponent($0).path }
        // When
        let result = try await PhotosourceBinary.run(
            ["thumbnail"] + inputs + ["--size", "32", "--out", out.path, "--jobs", "2", "--format", "png"])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.lines.count == 1)
        #expect(result.lines.last?.wholeMatch(of: /3 images, \d+\.\d\d s, \d+\.\d images\/s/) != nil, "\(result.output)")
        for name in ["a_thumb.png", "b_thumb.png", "a_thumb-2.png"] {
            let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
            let size = try #require(ImageBytes.pngSize(bytes), "\(name) is a PNG")
            #expect(size.width == 32 && size.height == 24, "\(name): long side 32, aspect kept")
        }
    }

    @Test("a bad file fails alone: one line for it, the others are written, status 1")
    func reportsFailures() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.write("good.png", Self.gradient)
        try folder.write("text.png", Array("plain text, not a picture".utf8))
        let inputs = ["good.png", "text.png"].map { folder.root.appendingPathComponent($0).path }
        let out = folder.root.appendingPathComponent("thumbs")
        // When
        let result = try await PhotosourceBinary.run(["thumbnail"] + inputs + ["--size", "16", "--out", out.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines.count == 2)
        let textFile = folder.root.appendingPathComponent("text.png").path
        #expect(result.errorLines.first?.hasPrefix("photosource: \(textFile): ") == true, "\(result.errors)")
        #expect(result.errorLines.last == "photosource: 1 of 2 file(s) failed.")
        #expect(result.lines.last?.hasPrefix("1 images, ") == true)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("good_thumb.jpg").path), "auto: JPEG without alpha")
    }

    @Test("without --out, thumbnails go to the saved-thumbnails folder (as `thumb` in browse), not beside the photo where ls would list them")
    func defaultFolder() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.write("photos/photo.png", Self.gradient)
        let cache = folder.root.appendingPathComponent("cache")
        let saved = cache.appendingPathComponent("photosource/saved-thumbnails")
        // When
        let result = try await PhotosourceBinary.run(
            ["thumbnail", folder.root.appendingPathComponent("photos/photo.png").path, "--size", "16"], environment: ["XDG_CACHE_HOME": cache.path])
        let listed = try await PhotosourceBinary.run(["ls", "local:" + folder.root.appendingPathComponent("photos").path, "--json"])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.first == "Thumbnails are in \(saved.path).")
        #expect(result.lines.last?.hasPrefix("1 images, ") == true)
        #expect(FileManager.default.fileExists(atPath: saved.appendingPathComponent("photo_thumb.jpg").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root.appendingPathComponent("photos").path) == ["photo.png"])
        #expect(!listed.output.contains("_thumb"), "\(listed.output)")
    }

    @Test("usage mistakes are refused before any work", arguments: [
        (["thumbnail"], "Give at least one image file"),
        (["thumbnail", "a.png", "--quality", "0"], "--quality must be between 1 and 100"),
        (["thumbnail", "a.png", "--size", "0"], "--size must be between 1 and 4096 pixels"),
        (["thumbnail", "a.png", "--format", "gif"], "gif"),
    ])
    func refusesUsage(arguments: [String], message: String) async throws {
        let result = try await PhotosourceBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorLines.first?.contains(message) == true, "\(result.errors)")
    }
}
