import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The configuration fields print files need: a destination's `files`, `printQuality` and
/// `printMaximumBytes`; a product's `dpi` and `bleedMillimetres`.
@Suite("Configuration: print-file fields of destinations and products")
struct PrintFileConfigurationTests {
    @Test("files, printQuality and printMaximumBytes are read from any destination kind; left out, a destination gets originals")
    func destinationFields() throws {
        let print = DestinationConfiguration(
            id: "lab", kind: "folder", settings: ["root": .string("/srv/p"), "files": .string("print"), "printQuality": .number(90), "printMaximumBytes": .number(20_000_000)])
        #expect(DestinationFileSettings(print) == DestinationFileSettings(files: .print, printQuality: 90, printMaximumBytes: 20_000_000))
        #expect(DestinationFileSettings(.folder(root: "/srv/o")) == DestinationFileSettings(files: .originals, printQuality: 95, printMaximumBytes: nil))
    }

    @Test("a bad files value, quality or byte limit is reported at its path, for folder and print-lab entries alike")
    func destinationProblems() throws {
        // When
        let problems = try ConfigurationProblemsTests.problems("""
            {"destinations": [{"id": "f", "kind": "folder", "root": "/srv/orders", "files": "thumbnails", "printQuality": 20},
                              {"id": "u", "kind": "httpUpload", "url": "https://uploads.example/in", "files": "print", "printMaximumBytes": 5}]}
            """)
        // Then
        let paths = problems.map(\.path)
        #expect(paths.contains("$.destinations[0].files"))
        #expect(paths.contains("$.destinations[0].printQuality"))
        #expect(paths.contains("$.destinations[1].printMaximumBytes"))
        #expect(!paths.contains("$.destinations[1].files"), "\(problems)")
    }

    @Test("a product's dpi defaults to 300 and bleed to 0; out of range they are reported at their paths")
    func productFields() throws {
        let file = try ConfigurationTests.file("""
            {"signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
             "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"], "sources": ["demo"],
             "products": [{"id": "p", "name": "P", "width": 4, "height": 6, "unit": "inches", "minimumDPI": 100},
                          {"id": "q", "name": "Q", "width": 4, "height": 6, "unit": "inches", "minimumDPI": 100, "dpi": 240, "bleedMillimetres": 3}]}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let products = try ServiceConfiguration.load(file: file, environment: [:]).configuration.products
        #expect(products.map(\.dpi) == [300, 240])
        #expect(products.map(\.bleedMillimetres) == [0, 3])
        // When
        let problems = try ConfigurationProblemsTests.problems("""
            {"products": [{"id": "p", "name": "P", "width": 4, "height": 6, "unit": "inches", "minimumDPI": 100, "dpi": 0, "bleedMillimetres": 40}]}
            """)
        // Then
        #expect(problems.map(\.path).filter { $0.hasPrefix("$.products") } == ["$.products[0].dpi", "$.products[0].bleedMillimetres"])
    }

    @Test("GET /v1/destinations says which files each destination receives")
    func destinationsList() {
        var configuration = ServiceHarness.configuration(state: FileManager.default.temporaryDirectory)
        configuration.destinations = [
            .folder(id: "originals", root: "/srv/a"),
            DestinationConfiguration(id: "prints", kind: "folder", settings: ["root": .string("/srv/b"), "files": .string("print")]),
        ]
        #expect(DestinationsController.summaries(of: configuration).map(\.files) == ["originals", "print"])
    }
}
