import Foundation
import Testing

@Suite("photosource browse, driven by a piped script")
struct BrowseScriptTests {
    @Test("a script navigates, pages, inspects and selects; output is exactly the commands' output")
    func pipedScript() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let script = [
            "ls", "open 1", "next", "select 1", "info 1", "prev", "open 1", "select 1",
            "..", "..", "open 5", "frobnicate", "selection", "quit", "ls",
        ]
        // When
        let result = try await PhotosourceBinary.run(
            ["browse", folder.sourceArgument, "--page-size", "2"], input: script.joined(separator: "\n") + "\n")
        // Then: two lines failed, so a script learns it from the status
        #expect(result.status == 1)
        #expect(result.lines == [
            "Library:/ [page 1/1]",
            "  1  Travel/",
            "  2  cover.png  3000×2000",
            "Library:/Travel [page 1/2]",
            "     ..",
            "  1  Italy/",
            "  2  beach.png  640×480",
            "Library:/Travel [page 2/2]",
            "  1  dunes.jpg  4000×3000",
            "Selected 1 new photo(s); 1 in the selection.",
            "id:     Travel/dunes.jpg",
            "kind:   image",
            "title:  dunes.jpg",
            "pixels: 4000×3000",
            "product  print size       dpi  min  verdict",
            "4x6      4×6 in print     666  150  good",
            "5x7      5×7 in print     571  150  good",
            "8x10     8×10 in print    375  150  good",
            "16x20    16×20 in poster  187  100  acceptable",
            "a4       A4 print         342  150  good",
            "a3       A3 poster        241  120  acceptable",
            "Library:/Travel [page 1/2]",
            "     ..",
            "  1  Italy/",
            "  2  beach.png  640×480",
            "Library:/Travel/Italy [page 1/1]",
            "     ..",
            "  1  rome.jpg  1200×800",
            "Selected 1 new photo(s); 2 in the selection.",
            "Library:/Travel [page 1/2]",
            "     ..",
            "  1  Italy/",
            "  2  beach.png  640×480",
            "Library:/ [page 1/1]",
            "  1  Travel/",
            "  2  cover.png  3000×2000",
            "  1  dunes.jpg  4000×3000  Library:/Travel",
            "  2  rome.jpg  1200×800  Library:/Travel/Italy",
        ])
        #expect(result.errorLines == [
            "There is no item 5 on this page; pick 1 to 2.",
            "Unknown command \"frobnicate\"; type `help` to see the commands.",
            "photosource: 2 command(s) failed.",
        ])
        #expect(!result.output.contains("\u{1B}") && !result.errors.contains("\u{1B}"), "no ANSI when stdin is not a terminal")
    }

    @Test("end of input ends the REPL like quit")
    func endOfInput() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let result = try await PhotosourceBinary.run(["browse", folder.sourceArgument], input: "ls")
        #expect(result.status == 0)
        #expect(result.lines.first == "Library:/ [page 1/1]")
        #expect(result.errors.isEmpty)
    }

    @Test("a missing folder ends browse with one error line and status 1")
    func missingFolder() async throws {
        let result = try await PhotosourceBinary.run(["browse", "local:/nonexistent-\(UUID().uuidString)"])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.hasPrefix("photosource: The folder /nonexistent-") == true)
        #expect(result.output.isEmpty)
    }
}
