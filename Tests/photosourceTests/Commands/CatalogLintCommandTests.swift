import Foundation
import Testing

@Suite("photosource catalog lint")
struct CatalogLintCommandTests {
    static func write(_ text: String) throws -> URL { try TemporaryTextFile.write(text, prefix: "catalog") }

    @Test("a good catalog: no problems, exit status 0")
    func good() async throws {
        let file = try Self.write(#"""
            {"version": 1, "handlers": [{"id": "e", "name": {"en": "E", "de": "E"}, "icons": {"1x": "https://e.example/1.png", "2x": "https://e.example/2.png"},
             "actions": {"edit": {"url": "https://e.example/?i={{imageURL}}", "required": ["imageURL"]}}}]}
            """#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await PhotosourceBinary.run(["catalog", "lint", file.path])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.lines == ["\(file.path): 0 errors, 0 warnings"])
    }

    @Test("a bad catalog: one line per problem with its pointer, exit status 1")
    func bad() async throws {
        let file = try Self.write(#"""
            {"version": 1, "handlers": [
             {"id": "e", "name": {"en_GB": "E"}, "icons": {"1x": "http://e.example/1.png"},
              "actions": {"edt": {"url": "https://e.example/"}, "edit": {"url": "https://e.example/?i={{imageURL}}&t={{title}}", "required": ["imageURL"]}}},
             {"id": "e", "name": "E", "actions": {"print": {"url": "https://p.example/"}}}]}
            """#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await PhotosourceBinary.run(["catalog", "lint", file.path])
        #expect(result.status == 1)
        #expect(result.lines == [
            "error /handlers/0/name/en_GB: “en_GB” is not a BCP-47 language tag (like en, de-CH, zh-Hant)",
            "error /handlers/0/icons/1x: “http://e.example/1.png” is not an https URL",
            "warning /handlers/0/icons/2x: the handler has no 2x icon",
            "error /handlers/0/actions/edit/url: the template uses “title”, which is neither required nor optional",
            "error /handlers/0/actions/edt: unknown action “edt”; known: edit, print, share, collage, photobook",
            "error /handlers/1/id: duplicate id “e”, first used by /handlers/0",
            "error /handlers/1/icons/1x: the handler has no 1x icon",
            "\(file.path): 6 errors, 1 warning",
        ], "\(result.output)")
        let development = try await PhotosourceBinary.run(["catalog", "lint", "--development", file.path])
        #expect(development.lines.contains("\(file.path): 5 errors, 1 warning"), "\(development.output)")
    }

    @Test("a file that does not parse is one error line; a missing file is one line on standard error")
    func unreadable() async throws {
        let file = try Self.write(#"{"version": 1, "handlers": [{"id": 7}]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await PhotosourceBinary.run(["catalog", "lint", file.path])
        #expect(result.status == 1)
        #expect(result.lines.first == "error /handlers/0/id: The catalog is not valid at /handlers/0/id: expected a string.")
        let missing = try await PhotosourceBinary.run(["catalog", "lint", "/nonexistent/catalog.json"])
        #expect(missing.status == 1)
        #expect(missing.errorLines.count == 1 && missing.errorLines[0].hasPrefix("photosource: Cannot read /nonexistent/catalog.json"), "\(missing.errors)")
    }
}
