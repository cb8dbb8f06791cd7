import Foundation
import Testing

/// `photosource info` judges a photo for the products the service offers, as orders do.
@Suite("photosource info: the service's products and rule")
struct InfoCommandTests {
    /// A configuration file holding `json`, in the temporary folder (the caller removes it).
    static func configuration(_ json: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-info-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        return file
    }

    @Test("a 3000×2000 photo is 125 dpi acceptable as the 16×20 poster (minimum 100), as an order says; no size order does not know")
    func defaultProducts() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let result = try await PhotosourceBinary.run(["info", folder.sourceArgument, "cover.png"])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.contains("16x20    16×20 in poster  125  100  acceptable"))
        #expect(result.lines.contains("product  print size       dpi  min  verdict"))
        #expect(!result.output.contains("11"))  // 11×14 is not a product
        let rows = result.lines.drop { !$0.hasPrefix("product") }.dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(rows == ["4x6", "5x7", "8x10", "16x20", "a4", "a3"])
    }

    @Test("--config judges for that file's products, thresholds and all; the rest of the file is not needed")
    func configuredProducts() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let config = try Self.configuration("""
            {"products": [
              {"id": "big", "name": "16×20 in gallery print", "width": 16, "height": 20, "unit": "inches", "minimumDPI": 150},
              {"id": "wall", "name": "16×20 in wall print", "width": 20, "height": 16, "unit": "inches", "minimumDPI": 60, "goodDPI": 120}
            ], "signingKeys": "not even read"}
            """)
        defer { try? FileManager.default.removeItem(at: config) }
        // When
        let result = try await PhotosourceBinary.run(["info", folder.sourceArgument, "cover.png", "--config", config.path, "--json"])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let rows = try #require(object["printFitness"] as? [[String: Any]])
        #expect(rows.map { $0["product"] as? String } == ["big", "wall"])
        #expect(rows.map { $0["effectiveDPI"] as? Int } == [125, 125])
        #expect(rows.map { $0["verdict"] as? String } == ["low", "good"])
        #expect(rows.map { $0["goodDPI"] as? Int } == [300, 120])
    }

    @Test("--config with a product whose goodDPI is below its minimum fails with the JSON path, status 1")
    func invalidProducts() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let config = try Self.configuration(
            #"{"products": [{"id": "x", "name": "X", "width": 4, "height": 6, "unit": "inches", "minimumDPI": 200, "goodDPI": 100}]}"#)
        defer { try? FileManager.default.removeItem(at: config) }
        // When
        let result = try await PhotosourceBinary.run(["info", folder.sourceArgument, "cover.png", "--config", config.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errors.contains("$.products[0].goodDPI: goodDPI (100) is below minimumDPI (200) for product x"), "\(result.errors)")
    }
}
