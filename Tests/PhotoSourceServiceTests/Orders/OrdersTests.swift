import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

@Suite("Orders: POST, GET, DELETE /v1/orders and the pipeline behind them")
struct OrdersTests {
    @Test("an order reaches the folder destination: byte-identical originals and a manifest with MD5s, pixel sizes and fitness")
    func happyPathToFolder() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            // When
            let id = try await harness.placeOrder(["Album/sunset.jpg", "portrait.jpg"], token: token)
            let order = try await harness.waitForOrder(id, token: token)
            // Then: the order and each line
            #expect(order["status"] as? String == "delivered")
            #expect(order["reference"] as? String == "R-1")
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["state"] as? String } == ["materialised", "materialised"])
            #expect(items.map { $0["pixelWidth"] as? Int } == [1200, 600])
            #expect(items.map { $0["pixelHeight"] as? Int } == [800, 900])
            let fitness = try #require(items[0]["fitness"] as? [String: Any])
            #expect(fitness["dpi"] as? Int == 200)
            #expect(fitness["verdict"] as? String == "acceptable")
            let destinations = try #require(order["destinations"] as? [[String: Any]])
            #expect(destinations.map { $0["id"] as? String } == ["shop-folder"])
            #expect(destinations.first?["state"] as? String == "delivered")
            // Then: the folder holds the originals, byte for byte, and the manifest
            let folder = harness.orderFolder.appendingPathComponent(id)
            let sunset = try Data(contentsOf: harness.library.appendingPathComponent("Album/sunset.jpg"))
            let portrait = try Data(contentsOf: harness.library.appendingPathComponent("portrait.jpg"))
            #expect(try Data(contentsOf: folder.appendingPathComponent("001-sunset.jpg")) == sunset)
            #expect(try Data(contentsOf: folder.appendingPathComponent("002-portrait.jpg")) == portrait)
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any])
            #expect(manifest["reference"] as? String == "R-1")
            #expect(manifest["orderId"] as? String == id)
            let lines = try #require(manifest["items"] as? [[String: Any]])
            #expect(lines.map { $0["md5"] as? String } == [Self.md5(sunset), Self.md5(portrait)])
            #expect(lines.map { $0["md5"] as? String } == items.map { $0["md5"] as? String })
            #expect(lines.map { $0["file"] as? String } == ["001-sunset.jpg", "002-portrait.jpg"])
            #expect(lines.first?["pixelWidth"] as? Int == 1200)
            #expect(lines.first?["fitness"] as? [String: Any] as NSDictionary? == items.first?["fitness"] as? [String: Any] as NSDictionary?)
            #expect((lines.first?["fitness"] as? [String: Any])?["verdict"] as? String == "acceptable")
            // Nothing half-written is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: harness.orderFolder.path) == [id])
        }
    }

    @Test("the same Idempotency-Key with the same body answers the same order (200); with another body 422")
    func idempotency() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let body = ServiceHarness.orderBody(["portrait.jpg"])
            let first = try await harness.postOrder(body, token: token, key: "key-1")
            #expect(first.status == .created)
            let id = try #require(try ServiceHarness.object(first)["id"] as? String)
            // When: the same body again, spaced differently
            let replay = try await harness.postOrder(body.replacingOccurrences(of: ", ", with: ","), token: token, key: "key-1")
            // Then
            #expect(replay.status == .ok)
            #expect(try ServiceHarness.object(replay)["id"] as? String == id)
            // When: another body with the same key
            let other = try await harness.postOrder(ServiceHarness.orderBody(["Album/sunset.jpg"]), token: token, key: "key-1")
            #expect(other.status == .unprocessableContent)
            #expect(other.headers[.contentType] == "application/problem+json")
            #expect(try ServiceHarness.object(other)["code"] as? String == "invalid-data")
            // Then: one order only, delivered once
            _ = try await harness.waitForOrder(id, token: token)
            #expect(try FileManager.default.contentsOfDirectory(atPath: harness.orderFolder.path) == [id])
            // A missing key is refused.
            let keyless = try await harness.client.execute(
                uri: "/v1/orders", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"], body: ByteBuffer(string: body))
            #expect(keyless.status == .badRequest)
        }
    }

    @Test("an order naming a photo its source does not have is refused with 404 problem+json, and nothing is stored")
    func unknownItemRefused() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let response = try await harness.postOrder(ServiceHarness.orderBody(["portrait.jpg", "nope.jpg"]), token: token, key: "k")
            #expect(response.status == .notFound)
            let problem = try ServiceHarness.object(response)
            #expect(problem["code"] as? String == "not-found")
            #expect((problem["detail"] as? String)?.contains("items[1]") == true)
            // The same key may then be used for a corrected order.
            let fixed = try await harness.postOrder(ServiceHarness.orderBody(["portrait.jpg"]), token: token, key: "k")
            #expect(fixed.status == .created)
        }
    }

    @Test("a line whose original is gone by the time it is fetched fails alone with its code; the others are delivered")
    func goneItemFailsAlone() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: Self.sourceLosing("portrait.jpg")) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["Album/sunset.jpg", "portrait.jpg"], token: token)
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["status"] as? String == "partiallyDelivered")
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["state"] as? String } == ["materialised", "failed"])
            #expect(items[1]["errorCode"] as? String == "not-found")
            let folder = harness.orderFolder.appendingPathComponent(id)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["001-sunset.jpg", "manifest.json"])
        }
    }

    @Test("a photo with too few pixels for the product is delivered, flagged lowResolution")
    func lowResolutionWarning() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["Album/field.png"], token: token)
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["status"] as? String == "delivered")
            let item = try #require((order["items"] as? [[String: Any]])?.first)
            #expect(item["warnings"] as? [String] == ["lowResolution"])
            #expect((item["fitness"] as? [String: Any])?["verdict"] as? String == "low")
            #expect(item["contentType"] as? String == "image/png")
            let manifest = try Data(contentsOf: harness.orderFolder.appendingPathComponent("\(id)/manifest.json"))
            #expect(String(decoding: manifest, as: UTF8.self).contains("lowResolution"))
        }
    }

    @Test("one session never sees another's order (404 for GET, DELETE and events); the API key sees it")
    func crossSessionIsNotFound() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (alice, _) = try await harness.newSession()
            let (bob, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: alice)
            #expect(try await harness.get("/v1/orders/\(id)", token: bob).status == .notFound)
            #expect(try await harness.get("/v1/orders/\(id)/events", token: bob).status == .notFound)
            let cancel = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(bob)"])
            #expect(cancel.status == .notFound)
            #expect(try await harness.get("/v1/orders/\(id)", token: nil).status == .unauthorized)
            #expect(try await harness.get("/v1/orders/\(id)", token: ServiceHarness.apiKey).status == .ok)
            #expect(try await harness.waitForOrder(id, token: alice)["status"] as? String == "delivered")
        }
    }

    static func md5(_ data: Data) -> String {
        Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// The test library as `library`, except that the original of `lost` is gone when fetched
    /// (the photo was there when the order was accepted).
    static func sourceLosing(_ lost: String) -> (URL) throws -> [ServiceSource] {
        { root in
            let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
            let entry = try ServiceSource.folder(folder, id: "library")
            return [ServiceSource(
                id: "library", source: folder, requiresSignIn: false, scope: entry.scope, item: entry.item,
                originalFile: { itemID in
                    guard itemID != lost else { throw PhotoSourceError(.notFound, "\(itemID) was deleted.") }
                    return try entry.originalFile!(itemID)
                })]
        }
    }
}
