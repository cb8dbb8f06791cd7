import Foundation
import PhotoSourceKit
import Testing

@Suite("HandlerCatalog parsing")
struct HandlerCatalogParsingTests {
    @Test("a good catalog parses with defaults filled in")
    func good() throws {
        // When
        let catalog = try HandlerCatalog.parse(Data(CatalogFixtures.good.utf8))
        // Then
        #expect(catalog.handlers.map(\.id) == ["demo-editor", "collage.maker"])
        let editor = try #require(catalog.handler(id: "demo-editor"))
        #expect(editor.live && editor.canSend && editor.canReceive)
        #expect(editor.actions["edit"]?.optional == ["returnURL"])
        #expect(try editor.actions["edit"]?.launchURL(["imageURL": "https://s/x?a=1"]) == "https://e.example/edit?img=https%3A%2F%2Fs%2Fx%3Fa%3D1")
        let collage = try #require(catalog.handler(id: "collage.maker"))
        #expect(collage.name.resolved(for: ["de"]) == "Collage-Macher")
        #expect(collage.signup == .init(url: "https://c.example/join", free: true))
        #expect(catalog.handlers(for: "collage").map(\.id) == ["collage.maker"])
        #expect(editor.isAvailable(on: "web") && !editor.isAvailable(on: "android"))
    }

    @Test("malformed documents are invalid-data errors with the pointer of the fault",
          arguments: [
            ("not json", ""),
            (#"{"version": 1}"#, "/handlers"),
            (#"{"version": 1, "handlers": {}}"#, "/handlers"),
            (#"{"version": 1, "handlers": [{"name": "x", "actions": {}}]}"#, "/handlers/0/id"),
            (#"{"version": 1, "handlers": [{"id": "a", "name": 7, "actions": {}}]}"#, "/handlers/0/name"),
            (#"{"version": 1, "handlers": [{"id": "a", "name": "A", "actions": {"edit": {"url": null}}}]}"#, "/handlers/0/actions/edit/url"),
            (#"{"version": 1, "handlers": [{"id": "a", "name": "A", "live": "yes", "actions": {}}]}"#, "/handlers/0/live"),
            (#"{"version": 2, "handlers": []}"#, "/version"),
          ])
    func malformed(document: String, pointer: String) {
        let error = #expect(throws: PhotoSourceError.self) { try HandlerCatalog.parse(Data(document.utf8)) }
        #expect(error?.code == .invalidData)
        #expect(error?.detail ?? "" == pointer)
    }

    @Test("a document past the byte limit is too-large, before it is parsed")
    func huge() {
        let padding = String(repeating: " ", count: 2 << 20)
        let error = #expect(throws: PhotoSourceError.self) {
            try HandlerCatalog.parse(Data((#"{"version": 1, "handlers": []}"# + padding).utf8))
        }
        #expect(error?.code == .tooLarge)
    }

    @Test("deep nesting is refused before decoding; brackets inside strings do not count")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: PhotoSourceError.self) {
            try HandlerCatalog.parse(Data(#"{"version": 1, "handlers": [], "x": \#(deep)}"#.utf8))
        }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("deep") == true)
        let bracketsInText = CatalogFixtures.catalog(CatalogFixtures.handler("a", extra: #", "description": "[[[[[[[[[[[[[[[[[[[[[[\"{{{{{{{{{{{{{{{{{{""#))
        #expect(try HandlerCatalog.parse(bracketsInText).handlers.count == 1)
    }

    @Test("more handlers than the limit are too-large")
    func tooManyHandlers() {
        let document = CatalogFixtures.catalog(CatalogFixtures.handler("a"), CatalogFixtures.handler("b"), CatalogFixtures.handler("c"))
        let error = #expect(throws: PhotoSourceError.self) {
            try HandlerCatalog.parse(document, limits: .init(maximumHandlers: 2))
        }
        #expect(error?.code == .tooLarge)
    }
}
