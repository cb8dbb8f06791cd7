import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

@Suite("Products: the fitness thresholds a shop configures")
struct ProductTests {
    static func decode(_ json: String) throws -> Product {
        try JSONDecoder().decode(Product.self, from: Data(json.utf8))
    }

    @Test("goodDPI is read from the configuration, 300 when left out; minimumDPI decides low")
    func thresholds() throws {
        let plain = try Self.decode(#"{"id": "p", "name": "Poster", "width": 16, "height": 20, "unit": "inches", "minimumDPI": 100}"#)
        #expect(plain.goodDPI == 300)
        #expect(plain.fitness == PrintFitness(minimumDPI: 100, goodDPI: 300))
        let strict = try Self.decode(#"{"id": "p", "name": "Poster", "width": 16, "height": 20, "unit": "inches", "minimumDPI": 100, "goodDPI": 360}"#)
        #expect(strict.goodDPI == 360)
        // 3000×2000 at 16×20 is 125 dpi: acceptable for a product that accepts 100
        #expect(plain.assess(PixelSize(width: 3000, height: 2000)).verdict == .acceptable)
        #expect(plain.assess(PixelSize(width: 3000, height: 2000)).dpi == 125)
    }

    @Test("the default products keep their minimums and are good from 300; a poster's good threshold is no longer twice its minimum")
    func defaults() throws {
        #expect(Product.defaults.map(\.id) == ["4x6", "5x7", "8x10", "16x20", "a4", "a3"])
        #expect(Product.defaults.allSatisfy { $0.goodDPI == 300 })
        let poster = try #require(Product.defaults.first { $0.id == "16x20" })
        #expect(poster.minimumDPI == 100)
        #expect(poster.assess(PixelSize(width: 4800, height: 6000)).verdict == .good)
    }

    @Test("a goodDPI below minimumDPI is refused with the product and both numbers named")
    func goodBelowMinimum() throws {
        let error = #expect(throws: DecodingError.self) {
            try Self.decode(#"{"id": "tiny", "name": "Tiny", "width": 2, "height": 3, "unit": "inches", "minimumDPI": 200, "goodDPI": 150}"#)
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["goodDPI"])
        #expect(context.debugDescription.contains("goodDPI (150) is below minimumDPI (200) for product tiny"))
    }

    @Test("products round-trip through JSON with goodDPI")
    func roundTrip() throws {
        let product = Product(id: "x", name: "X", width: 5, height: 7, unit: .inches, minimumDPI: 120, goodDPI: 240)
        let data = try JSONEncoder().encode(product)
        #expect(try JSONDecoder().decode(Product.self, from: data) == product)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(Set(keys) == ["id", "name", "width", "height", "unit", "minimumDPI", "goodDPI", "dpi", "bleedMillimetres"])
    }
}
