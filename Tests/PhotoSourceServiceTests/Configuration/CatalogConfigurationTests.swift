import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The `catalog` block: its fields, their defaults, and every problem at its path.
@Suite("Configuration: the catalog block")
struct CatalogConfigurationTests {
    static let handler = #"""
        {"id": "myeditor", "name": {"en": "Our editor", "de": "Unser Editor"},
         "icons": {"1x": "https://shop.example/e.png", "2x": "https://shop.example/e@2x.png"},
         "actions": {"edit": {"url": "https://shop.example/edit?i={{imageURL}}", "required": ["imageURL"]}}}
        """#

    @Test("every field is read; left out, the block is empty with a 4-hour interval; without a file it is development with interval 0")
    func fields() throws {
        let file = try ConfigurationTests.file("""
            {"signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
             "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"], "sources": ["demo"],
             "catalog": {"url": "https://catalog.example/handlers.json", "refreshIntervalSeconds": 600, "shopHandlerID": "myshop",
                         "referral": {"name": "ref", "value": "shop42"}, "handlers": [\(Self.handler)],
                         "customActions": [{"id": "frame-in-store", "title": {"en": "Frame it", "de": "Rahmen"}, "icon": "https://shop.example/f.png"},
                                           {"id": "gift", "title": "Gift wrap"}]}}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        // When
        let catalog = try ServiceConfiguration.load(file: file, environment: [:]).configuration.catalog
        // Then
        #expect(catalog.url == "https://catalog.example/handlers.json")
        #expect(catalog.refreshIntervalSeconds == 600)
        #expect(catalog.shopHandlerID == "myshop")
        #expect(catalog.referral == .init(name: "ref", value: "shop42"))
        #expect(catalog.handlers.map(\.id) == ["myeditor"])
        #expect(catalog.customActions == [
            CustomAction(id: "frame-in-store", title: LocalizedText(translations: ["en": "Frame it", "de": "Rahmen"]), icon: URL(string: "https://shop.example/f.png")),
            CustomAction(id: "gift", title: LocalizedText("Gift wrap")),
        ])
        #expect(!catalog.development)
        let standard = try JSONDecoder().decode(CatalogSettings.self, from: Data("{}".utf8))
        #expect(standard == CatalogSettings())
        #expect(standard.refreshIntervalSeconds == 4 * 3600)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let development = try ServiceConfiguration.load(file: nil, environment: ["PHOTOSOURCE_STATE_DIR": state.path]).configuration.catalog
        #expect(development.refreshIntervalSeconds == 0)
        #expect(development.development)
    }

    @Test("the block round-trips through the encoder (as --print-config writes it)")
    func roundTrip() throws {
        let settings = CatalogSettings(
            url: "https://c.example/c.json", refreshIntervalSeconds: 60, shopHandlerID: "me", referral: .init(name: "ref", value: "v"),
            handlers: [try JSONDecoder().decode(CatalogHandler.self, from: Data(Self.handler.utf8))],
            customActions: [CustomAction(id: "a", title: LocalizedText("A"), icon: URL(string: "https://c.example/a.png"))])
        #expect(try JSONDecoder().decode(CatalogSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }

    @Test("a bad URL, interval, referral, handler or custom action is reported at its path")
    func problems() throws {
        // When
        let problems = try ConfigurationProblemsTests.problems("""
            {"catalog": {"url": "http://catalog.example/c.json", "refreshIntervalSeconds": -1, "shopHandlerID": "",
                         "referral": {"name": "", "value": "x"},
                         "handlers": [{"id": "Bad Id", "name": "N", "actions": {"edit": {"url": "https://e.example/?i={{imageURL}}"}}}],
                         "customActions": [{"id": "a", "title": "A", "icon": "http://shop.example/a.png"}, {"id": "a", "title": ""}]}}
            """)
        // Then
        let paths = Set(problems.map(\.path))
        for path in [
            "$.catalog.url", "$.catalog.refreshIntervalSeconds", "$.catalog.shopHandlerID", "$.catalog.referral.name",
            "$.catalog.handlers[0].id", "$.catalog.handlers[0].actions.edit.url", "$.catalog.customActions[0].icon",
            "$.catalog.customActions[1].id", "$.catalog.customActions[1].title",
        ] {
            #expect(paths.contains(path), "\(path) missing from \(problems)")
        }
        #expect(!paths.contains("$.catalog.referral.value"))
    }

    @Test("development accepts http: URLs for the catalog and icons")
    func developmentAllowsHTTP() throws {
        let problems = try ConfigurationProblemsTests.problems("""
            {"catalog": {"development": true, "url": "http://127.0.0.1:9/c.json",
                         "customActions": [{"id": "a", "title": "A", "icon": "http://127.0.0.1:9/a.png"}]}}
            """)
        #expect(problems.filter { $0.path.hasPrefix("$.catalog") }.isEmpty, "\(problems)")
    }
}
