import Foundation
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The print-file stage on its own: variants from the destinations' settings, and exactly one
/// stored file however often a line's render is repeated (a retried job, a restart).
@Suite("Print files: the order pipeline's render stage")
struct PrintFileStageTests {
    static let product = Product(id: "4x6", name: "4×6", width: 4, height: 6, unit: .inches, minimumDPI: 100)

    /// An asset store in a new temporary folder holding the coloured-corners photo.
    static func store() async throws -> (AssetStore, AssetStore.StoredAsset, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-stage-\(UUID().uuidString)")
        let assets = try AssetStore(root: folder.appendingPathComponent("assets"))
        return (assets, try await assets.ingest(bytes: try PrintTestPhotos.quadrants()), folder)
    }

    static func files(in assets: AssetStore) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: assets.root.path).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    @Test("rendering a line again (its record lost, as after a kill mid-order) stores the same one file")
    func renderAgainStoresOneFile() async throws {
        let (assets, original, folder) = try await Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = PrintFileStage(assets: assets)
        let variant = PrintFileStage.Variant(quality: 95, maximumBytes: nil, destinations: ["lab"])
        let layout = OrderLineLayout(rotation: 90)
        // When: rendered, then the remembered render removed (a kill before it was written), rendered again
        let first = try await stage.render(original: original, layout: layout, product: Self.product, fileName: "001-corners.png", variants: [variant])
        try FileManager.default.removeItem(at: assets.root.appendingPathComponent("prints"))
        let second = try await stage.render(original: original, layout: layout, product: Self.product, fileName: "001-corners.png", variants: [variant])
        // Then: the same bytes, one file (beside nothing but the original, a PNG)
        #expect(first == second)
        #expect(first.first?.fileName == "001-corners.jpg")
        #expect(try Self.files(in: assets) == [String(first[0].sha256.prefix(2)) + "/" + first[0].sha256 + ".jpg"])
        // And: remembered, a third render reads the record instead of rendering
        let third = try await stage.render(original: original, layout: layout, product: Self.product, fileName: "001-corners.png", variants: [variant])
        #expect(third == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: assets.root.appendingPathComponent("prints").path).count == 1)
    }

    @Test("variants: one per distinct quality and byte limit among the order's print destinations; originals destinations none")
    func variants() {
        var configuration = ServiceHarness.configuration(state: FileManager.default.temporaryDirectory)
        configuration.destinations = [
            .folder(id: "originals", root: "/srv/a"),
            DestinationConfiguration(id: "b", kind: "folder", settings: ["root": .string("/srv/b"), "files": .string("print")]),
            DestinationConfiguration(id: "a", kind: "folder", settings: ["root": .string("/srv/c"), "files": .string("print")]),
            DestinationConfiguration(
                id: "small", kind: "folder", settings: ["root": .string("/srv/d"), "files": .string("print"), "printMaximumBytes": .number(500_000)]),
        ]
        // When
        let all = PrintFileStage.variants(for: ["originals", "a", "b", "small"], in: configuration)
        // Then
        #expect(all == [
            PrintFileStage.Variant(quality: 95, maximumBytes: nil, destinations: ["a", "b"]),
            PrintFileStage.Variant(quality: 95, maximumBytes: 500_000, destinations: ["small"]),
        ])
        #expect(PrintFileStage.variants(for: ["originals"], in: configuration).isEmpty)
        #expect(PrintFileStage.variants(for: ["b"], in: configuration).map(\.destinations) == [["b"]])
    }

    @Test("a print file's name is the original's with .jpg")
    func fileNames() {
        #expect(PrintFileStage.printFileName("003-IMG_0042.png") == "003-IMG_0042.jpg")
        #expect(PrintFileStage.printFileName("001-sunset.jpg") == "001-sunset.jpg")
    }
}
