import Foundation
import Testing

@Suite("photosource ls and info")
struct ScriptCommandTests {
    /// Runs `ls … --json` and parses its one object.
    private func listing(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await PhotosourceBinary.run(["ls"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.count == 1, "one JSON object on one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    @Test("ls --json of the top: scope null, folders then photos with their sizes")
    func listsTheTop() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let object = try await listing([folder.sourceArgument])
        // Then
        #expect(object["source"] as? String == folder.sourceArgument)
        #expect(object["scope"] is NSNull)
        #expect(object["page"] as? Int == 1)
        #expect(object["count"] as? Int == 50)
        #expect(object["hasMore"] as? Bool == false)
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["Travel", "cover.png"])
        #expect(items.map { $0["kind"] as? String } == ["container", "image"])
        #expect(items[0]["width"] is NSNull && items[0]["height"] is NSNull)
        #expect(items[1]["width"] as? Int == 3000 && items[1]["height"] as? Int == 2000)
        #expect(items.allSatisfy { Set($0.keys) == ["id", "kind", "title", "width", "height"] })
    }

    @Test("ls --json of a scope pages it: the back item on page 1, hasMore until the last page")
    func pagesAScope() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let first = try await listing([folder.sourceArgument, "Travel", "--count", "2"])
        let second = try await listing([folder.sourceArgument, "Travel", "--count", "2", "--page", "2"])
        let deep = try await listing([folder.sourceArgument, "Travel/Italy"])
        // Then
        #expect(first["scope"] as? String == "Travel")
        #expect(first["count"] as? Int == 2 && first["hasMore"] as? Bool == true)
        let firstItems = try #require(first["items"] as? [[String: Any]])
        #expect(firstItems.map { $0["kind"] as? String } == ["back", "container", "image"])
        #expect(firstItems.map { $0["title"] as? String } == ["..", "Italy", "beach.png"])
        #expect(firstItems[2]["width"] as? Int == 640 && firstItems[2]["height"] as? Int == 480)
        #expect(second["page"] as? Int == 2 && second["hasMore"] as? Bool == false)
        #expect(second["count"] as? Int == 2, "count is the page size asked, not the one item of the last page")
        let secondItems = try #require(second["items"] as? [[String: Any]])
        #expect(secondItems.map { $0["id"] as? String } == ["Travel/dunes.jpg"])
        #expect(secondItems.first?["width"] as? Int == 4000)
        #expect(deep["scope"] as? String == "Travel/Italy")
        let deepItems = try #require(deep["items"] as? [[String: Any]])
        #expect(deepItems.map { $0["id"] as? String } == ["..", "Travel/Italy/rome.jpg"])
    }

    @Test("ls --help says what the JSON count is: the page size, not the number of items")
    func helpExplainsCount() async throws {
        let result = try await PhotosourceBinary.run(["ls", "--help"])
        #expect(result.status == 0)
        let help = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("\"count\" is the page size used (--count, lowered to the most the source allows), not the number of items"), "\(result.output)")
    }

    @Test("ls without --json prints the listing as the REPL does")
    func listsAsText() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let result = try await PhotosourceBinary.run(["ls", folder.sourceArgument, "Travel/Italy"])
        #expect(result.status == 0)
        #expect(result.lines == ["Library:/Travel/Italy [page 1/1]", "     ..", "  1  rome.jpg  1200×800"])
    }

    @Test("ls --json keeps the empty page past the end (hasMore false), which a paging script reads as the end")
    func jsonPastTheEnd() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let object = try await listing([folder.sourceArgument, "--page", "99999"])
        #expect(object["page"] as? Int == 99999 && object["hasMore"] as? Bool == false)
        #expect((object["items"] as? [Any])?.isEmpty == true)
    }

    @Test("info --json describes one photo with its print fitness")
    func infoJSON() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let result = try await PhotosourceBinary.run(["info", folder.sourceArgument, "Travel/Italy/rome.jpg", "--json"])
        // Then
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "Travel/Italy/rome.jpg")
        #expect(object["kind"] as? String == "image")
        #expect(object["width"] as? Int == 1200 && object["height"] as? Int == 800)
        let rows = try #require(object["printFitness"] as? [[String: Any]])
        #expect(rows.map { $0["product"] as? String } == ["4x6", "5x7", "8x10", "16x20", "a4", "a3"])
        #expect(rows.map { $0["verdict"] as? String } == ["acceptable", "acceptable", "low", "low", "low", "low"])
    }

    @Test("failures are one line on stderr with status 1; usage mistakes are status 64", arguments: [
        (["ls", "local:/nonexistent-photosource-folder"], Int32(1), "photosource: The folder /nonexistent-photosource-folder does not exist or is not a folder; check the path after local:."),
        (["ls", "LIBRARY", "Nowhere"], 1, "photosource: There is no folder \"Nowhere\" in Library; list the top to see what there is."),
        (["ls", "LIBRARY", "cover.png"], 1, "photosource: \"cover.png\" is a photo, not a folder; give a folder's path, or none for the top."),
        (["ls", "LIBRARY", "../.."], 1, "photosource: The item id \"../..\" contains \"..\"; ids may not leave the source's folder."),
        (["info", "LIBRARY", "notes.txt"], 1, "photosource: \"notes.txt\" is not a photo: This data is not a supported image format; only JPEG and PNG can be decoded."),
        (["ls", "photos"], 64, "Error: \"photos\" is not a source; write one of: "),
        (["ls", "LIBRARY", "--page", "99"], 1, "photosource: There is no page 99; this album has 1 page(s)."),
    ])
    func failures(arguments: [String], status: Int32, firstLine: String) async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let result = try await PhotosourceBinary.run(arguments.map { $0 == "LIBRARY" ? folder.sourceArgument : $0 })
        // Then
        #expect(result.status == status)
        #expect(result.output.isEmpty)
        #expect(result.errorLines.first?.hasPrefix(firstLine) == true, "\(result.errors)")
        if status == 1 { #expect(result.errorLines.count == 1) }
    }
}
