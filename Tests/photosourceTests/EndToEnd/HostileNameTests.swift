import Foundation
import Testing

@Suite("File names with control characters never reach the terminal raw")
struct HostileNameTests {
    /// A clear-screen and red-text name, a name with a newline, one with a one-byte CSI (C1),
    /// one with DEL, and an album whose name writes the clipboard (OSC 52).
    static let photoNames = ["\u{1B}[2J\u{1B}[31mEVIL.png", "two\nlines.png", "c1\u{9B}x.png", "del\u{7F}.png"]
    static let albumName = "Al\u{1B}]52;c;aGk=\u{07}bum"
    static let picture = ImageBytes.png(width: 16, height: 12) { x, y in [UInt8(x * 16), UInt8(y * 20), 90] }

    /// A folder holding the hostile names (the album holds a copy of the first photo).
    private func hostileFolder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for name in Self.photoNames { try folder.write(name, Self.picture) }
        try folder.write(Self.albumName + "/" + Self.photoNames[0], Self.picture)
        return folder
    }

    /// No control character but the line ends, no DEL, no C1, anywhere in `text`.
    private func expectClean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(raw.isEmpty, "\(what) printed raw control characters: \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test("ls, info and get escape names; their errors too")
    func scriptCommands() async throws {
        let folder = try hostileFolder()
        defer { folder.remove() }
        let out = folder.root.deletingLastPathComponent().appendingPathComponent("saved\u{1B}[2J.png")
        // When
        let listing = try await PhotosourceBinary.run(["ls", folder.sourceArgument])
        let album = try await PhotosourceBinary.run(["ls", folder.sourceArgument, Self.albumName])
        let info = try await PhotosourceBinary.run(["info", folder.sourceArgument, Self.photoNames[0]])
        let get = try await PhotosourceBinary.run(["get", folder.sourceArgument, Self.photoNames[1], "--out", out.path])
        let missing = try await PhotosourceBinary.run(["info", folder.sourceArgument, "gone\u{1B}[2J.png"])
        // Then
        for (name, result) in [("ls", listing), ("ls ALBUM", album), ("info", info), ("get", get), ("info of a missing name", missing)] {
            expectClean(result.output + result.errors, name)
        }
        #expect(listing.status == 0 && info.status == 0 && get.status == 0)
        #expect(listing.lines.contains("  1  Al\\x1b]52;c;aGk=\\x07bum/"))
        #expect(listing.lines.contains { $0.hasPrefix("  2  \\x1b[2J\\x1b[31mEVIL.png  16×12") })
        #expect(listing.lines.contains { $0.contains("two\\x0alines.png") })
        #expect(listing.lines.contains { $0.contains("c1\\x9bx.png") })
        #expect(listing.lines.contains { $0.contains("del\\x7f.png") })
        #expect(album.lines.first == "Library:/Al\\x1b]52;c;aGk=\\x07bum [page 1/1]")
        #expect(info.lines.contains("title:  \\x1b[2J\\x1b[31mEVIL.png"))
        #expect(get.lines.last?.contains("saved\\x1b[2J.png") == true)
        #expect(missing.status == 1 && missing.errors.contains("gone\\x1b[2J.png"))
    }

    @Test("--json escapes DEL and C1 as well as C0, and stays valid JSON")
    func json() async throws {
        let folder = try hostileFolder()
        defer { folder.remove() }
        // When
        let listing = try await PhotosourceBinary.run(["ls", folder.sourceArgument, "--json"])
        let info = try await PhotosourceBinary.run(["info", folder.sourceArgument, Self.photoNames[2], "--json"])
        // Then
        expectClean(listing.output, "ls --json")
        expectClean(info.output, "info --json")
        #expect(listing.output.contains("c1\\u009bx.png") && listing.output.contains("del\\u007f.png"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any])
        let titles = try #require(object["items"] as? [[String: Any]]).compactMap { $0["title"] as? String }
        #expect(Set(titles) == Set(Self.photoNames + [Self.albumName]), "the escapes decode back to the real names")
        let item = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(item["title"] as? String == Self.photoNames[2])
    }

    @Test("the REPL's ls, open, info, select, selection, thumb and its prompt-free errors escape names")
    func browse() async throws {
        let folder = try hostileFolder()
        defer { folder.remove() }
        let thumbs = folder.root.deletingLastPathComponent().appendingPathComponent("thumbs")
        let script = ["ls", "info 2", "select 2-5", "selection", "thumb 2 --out \(thumbs.path)/", "open 1", "info 1", "unknown\u{1B}[2J"]
        // When
        let result = try await PhotosourceBinary.run(["browse", folder.sourceArgument], input: script.joined(separator: "\n") + "\n")
        // Then
        expectClean(result.output + result.errors, "browse")
        #expect(result.lines.contains("title:  \\x1b[2J\\x1b[31mEVIL.png"))
        // The saved thumbnail's name is made safe (SafeFileName): its escapes are gone from the file system too.
        #expect(result.lines.contains { $0.contains("Wrote") && $0.contains("/_[2J_[31mEVIL_thumb.") })
        #expect(result.lines.contains("Library:/Al\\x1b]52;c;aGk=\\x07bum [page 1/1]"))
        #expect(result.lines.contains { $0.hasPrefix("  1  two\\x0alines.png") || $0.contains("two\\x0alines.png  16×12  Library:/") })
        #expect(result.errorLines.contains("Unknown command \"unknown\\x1b[2J\"; type `help` to see the commands."))
    }

    @Test("thumbnail --verbose and its failure lines escape paths")
    func batchThumbnails() async throws {
        let folder = try hostileFolder()
        defer { folder.remove() }
        try folder.write("bad\u{1B}[2J.png", Array("not a picture".utf8))
        let inputs = [Self.photoNames[0], "bad\u{1B}[2J.png"].map { folder.root.appendingPathComponent($0).path }
        // When
        let result = try await PhotosourceBinary.run(["thumbnail"] + inputs + ["--size", "8", "--verbose"])
        // Then
        expectClean(result.output + result.errors, "thumbnail")
        #expect(result.output.contains("\\x1b[2J\\x1b[31mEVIL.png -> "))
        #expect(result.errors.contains("bad\\x1b[2J.png"))
    }
}
