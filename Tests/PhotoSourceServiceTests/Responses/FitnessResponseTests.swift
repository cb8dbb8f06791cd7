import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

/// One answer to "is this photo good enough to print?": the listing, the order line and the
/// order folder's manifest give the same `{dpi, verdict}`, judged by the product's own thresholds
/// and rounded down.
@Suite("Fitness: one answer in items, orders and manifests")
struct FitnessResponseTests {
    /// A wall print that accepts 40 dpi and is good from 50; and A4 (minimum 150).
    static func products(_ configuration: inout ServiceConfiguration) {
        ServiceHarness.orderConfiguration(&configuration)
        configuration.products = [
            Product(id: "wall", name: "16×20 in wall print", width: 16, height: 20, unit: .inches, minimumDPI: 40, goodDPI: 50),
            Product.defaults.first { $0.id == "a4" }!,
        ]
    }

    @Test("sunset.jpg (1200×800) is 96 dpi low at A4 (96.8 rounded down) and 50 dpi good as a wall print, the same in all three places")
    func oneAnswer() async throws {
        try await ServiceHarness.run(configure: Self.products) { harness in
            let (token, _) = try await harness.newSession()
            func listed(_ product: String) async throws -> [String: Any] {
                let item = try ServiceHarness.object(try await harness.get("/v1/sources/library/items/Album%2Fsunset.jpg?product=\(product)", token: token))
                return try #require(item["fitness"] as? [String: Any])
            }
            // When
            let a4 = try await listed("a4")
            let wall = try await listed("wall")
            var ordered: [[String: Any]] = []
            var manifested: [[String: Any]] = []
            for product in ["a4", "wall"] {
                let body = ServiceHarness.orderBody(["Album/sunset.jpg"], product: product)
                let created = try await harness.postOrder(body, token: token, key: "fit-\(product)")
                let id = try #require(try ServiceHarness.object(created)["id"] as? String)
                let order = try await harness.waitForOrder(id, token: token)
                let line = try #require((order["items"] as? [[String: Any]])?.first)
                ordered.append(try #require(line["fitness"] as? [String: Any]))
                let manifest = try #require(try JSONSerialization.jsonObject(
                    with: Data(contentsOf: harness.orderFolder.appendingPathComponent(id).appendingPathComponent("manifest.json"))) as? [String: Any])
                let item = try #require((manifest["items"] as? [[String: Any]])?.first)
                manifested.append(try #require(item["fitness"] as? [String: Any]))
            }
            // Then
            #expect(a4["dpi"] as? Int == 96)
            #expect(a4["verdict"] as? String == "low")
            #expect(wall["dpi"] as? Int == 50)
            #expect(wall["verdict"] as? String == "good")
            #expect(ordered.map { $0 as NSDictionary } == [a4 as NSDictionary, wall as NSDictionary])
            #expect(manifested.map { $0 as NSDictionary } == [a4 as NSDictionary, wall as NSDictionary])
        }
    }

    @Test("an order line stored with a fractional dpi (before the rule) reads rounded down")
    func storedFractionsRoundDown() {
        #expect(FitnessResponse(dpi: 213.3, verdict: "good") == FitnessResponse(dpi: 213, verdict: "good"))
        #expect(FitnessResponse(dpi: 66.7, verdict: "low")?.dpi == 66)
        #expect(FitnessResponse(dpi: nil, verdict: "low") == nil)
        #expect(FitnessResponse(dpi: 100, verdict: nil) == nil)
    }
}
