import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import SampleSources
import Testing

@Suite("The demo editor in the service's catalog")
struct DemoEditorCatalogTests {
    @Test("with startsDemoEditor the catalog offers demo.editor beside Photopea, launching on loopback, its icons served")
    func offered() async throws {
        try await ServiceHarness.run(arguments: { $0.startsDemoEditor = true }) { harness in
            let token = try await CatalogFixture.session(harness)
            // When
            let answer = try await CatalogFixture.catalog(harness, token: token)
            // Then
            #expect(CatalogFixture.ids(answer, "available") == ["photopea", "demo.editor"])
            let editor = try #require(CatalogFixture.entry(answer, id: "demo.editor"))
            #expect(editor["name"] as? String == "Demo editor")
            #expect(editor["canReceive"] as? Bool == true)
            let icons = try #require(editor["icons"] as? [String: String])
            let icon = try await harness.get(try #require(icons["2x"]), token: nil)
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentType]?.hasPrefix("image/") == true)
        }
    }

    @Test("without it the catalog has no demo editor")
    func notOffered() async throws {
        try await ServiceHarness.run { harness in
            let answer = try await CatalogFixture.catalog(harness, token: try await CatalogFixture.session(harness))
            #expect(!CatalogFixture.ids(answer, "available").contains("demo.editor"))
        }
    }

    @Test("its entry replaces one with the same id and turns development on")
    func entryMerged() async throws {
        let editor = DemoEditor()
        _ = try await editor.start()
        var configuration = ServiceHarness.configuration(state: URL(fileURLWithPath: "/nonexistent"))
        configuration.catalog.handlers = try CatalogFixture.handlers([CatalogFixture.handler("demo.editor")])
        let offered = DemoEditorService.configuration(configuration, offering: editor)
        await editor.stop()
        #expect(offered.catalog.handlers.map(\.id) == ["demo.editor"])
        #expect(offered.catalog.handlers.first?.actions["edit"]?.url.hasPrefix("http://127.0.0.1:") == true)
        #expect(offered.catalog.development)
    }
}
