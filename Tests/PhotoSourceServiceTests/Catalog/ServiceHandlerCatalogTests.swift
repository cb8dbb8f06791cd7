import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("ServiceHandlerCatalog: the configuration's handlers merged over the catalog")
struct ServiceHandlerCatalogTests {
    static func handler(_ id: String, name: String = "N") -> CatalogHandler {
        CatalogHandler(id: id, name: LocalizedText(name), actions: ["edit": HandlerAction(url: "https://e.example/?i={{imageURL}}", required: ["imageURL"])])
    }

    @Test("a local handler replaces the catalog's one with its id in place; new ones are appended; custom actions pass through")
    func merged() async {
        let bundled = HandlerCatalog(handlers: [Self.handler("a"), Self.handler("b")])
        let settings = CatalogSettings(
            handlers: [Self.handler("c"), Self.handler("a", name: "Ours")], customActions: [CustomAction(id: "frame", title: LocalizedText("Frame"))])
        let catalog = ServiceHandlerCatalog(loader: HandlerCatalogLoader(bundled: bundled, settings: .init()), settings: settings)
        // When
        let current = await catalog.current()
        // Then
        #expect(current.handlers.map(\.id) == ["a", "b", "c"])
        #expect(current.handler(id: "a")?.name == LocalizedText("Ours"))
        #expect(catalog.customActions.map(\.id) == ["frame"])
    }

    @Test("without a remote catalog the service offers the bundled one")
    func bundledByDefault() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("shc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let catalog = ServiceHandlerCatalog(loader: ServiceHandlerCatalog.loader(settings: CatalogSettings(), stateDirectory: state), settings: CatalogSettings())
        #expect(await catalog.current() == BundledCatalog.catalog)
    }
}
