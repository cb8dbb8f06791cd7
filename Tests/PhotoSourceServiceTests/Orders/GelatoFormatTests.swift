import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// A second lab shape, chosen by `"format": "gelato-v4"`: the same order written as Gelato's v4
/// body, sent to the demo lab's Gelato endpoint, shipped, and cancelled through `{id}:cancel`.
@Suite("Orders: the Gelato v4 lab shape")
struct GelatoFormatTests {
    static let order = PrintLabOrder(
        merchantReference: "ord_1", idempotencyKey: "ord_1/lab", shippingMethod: "Express",
        recipient: PrintLabRecipient(
            name: "Ada King Lovelace", email: "ada@example.com",
            address: .init(line1: "1 Loop Road", postalOrZipCode: "12345", countryCode: "GB", townOrCity: "London")),
        items: [PrintLabOrder.Item(
            sku: "flat_130x180-mm", copies: 2, sizing: "fillPrintArea",
            assets: [PrintLabOrder.Asset(printArea: "default", url: "http://127.0.0.1:1/v1/assets/a/b", md5Hash: "00")], merchantReference: "0")],
        metadata: ["reference": "R-1", "orderId": "ord_1"])

    @Test("the Gelato body: orderReferenceId, items with itemReferenceId, productUid, files and quantity, and shippingAddress")
    func gelatoBody() throws {
        // When
        let json = try #require(try JSONSerialization.jsonObject(with: PrintLabFormat.gelatoV4.body(Self.order)) as? [String: Any])
        // Then
        #expect(json["orderReferenceId"] as? String == "ord_1")
        #expect(json["currency"] as? String == "USD")
        #expect(json["customerReferenceId"] as? String == "R-1")
        #expect(json["shipmentMethodUid"] as? String == "express")
        let item = try #require((json["items"] as? [[String: Any]])?.first)
        #expect(item["itemReferenceId"] as? String == "ord_1-0")
        #expect(item["productUid"] as? String == "flat_130x180-mm")
        #expect(item["quantity"] as? Int == 2)
        #expect(item["files"] as? [[String: String]] == [["type": "default", "url": "http://127.0.0.1:1/v1/assets/a/b"]])
        let address = try #require(json["shippingAddress"] as? [String: String])
        #expect(address["firstName"] == "Ada King")
        #expect(address["lastName"] == "Lovelace")
        #expect(address["country"] == "GB")
        #expect(address["postCode"] == "12345")
        #expect(PrintLabFormat.gelatoV4.externalID(in: Data(#"{"id":"g-1","orderReferenceId":"ord_1"}"#.utf8)) == "g-1")
        #expect(PrintLabFormat.gelatoV4.cancelURL(orders: URL(string: "http://127.0.0.1:1/v4/orders")!, externalID: "g-1").absoluteString
            == "http://127.0.0.1:1/v4/orders/g-1:cancel")
        #expect(PrintLabFormat.prodigiV4.cancelURL(orders: URL(string: "http://127.0.0.1:1/v4.0/Orders")!, externalID: "ord_1").absoluteString
            == "http://127.0.0.1:1/v4.0/Orders/ord_1/actions/cancel")
    }

    @Test("an unknown format is a configuration problem naming the field")
    func unknownFormat() throws {
        let entry = try OrderLabTests.labDestination(OrderLabTests.ordersURL(port: 1), format: "lulu-v9")
        #expect(throws: PhotoSourceError.self) { try RemoteDestinationEntry.decoded(from: entry) }
        let gelato = try RemoteDestinationEntry.decoded(from: try OrderLabTests.labDestination(OrderLabTests.ordersURL(port: 1), format: "gelato-v4"))
        guard case .printLab(let configuration, _) = gelato.settings else { Issue.record("not a print lab"); return }
        #expect(configuration.format == .gelatoV4)
    }

    @Test("a gelato-v4 destination: the demo lab takes the Gelato order, ships it with Gelato-shaped callbacks (tracking); a cancel while printing is refused (409) and said")
    func gelatoOrderShipsAndCancelIsRefused() async throws {
        let labPort = try LoopbackPort.free()
        let gelatoURL = URL(string: "http://127.0.0.1:\(labPort)/v4/orders")!
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = [try! OrderLabTests.labDestination(gelatoURL, format: "gelato-v4")]
        }) { harness in
            try await OrderLabTests.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none) { lab in
                // When
                let shippedID = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
                let shipped = try await OrderLabTests.waitForStage("shipped", of: shippedID, harness, token: ServiceHarness.apiKey)
                // Then
                #expect(shipped["status"] as? String == "delivered")
                #expect(lab.orders.first?.merchantReference == shippedID)
                #expect(lab.orders.first?.idempotencyKey == "\(shippedID)/lab")
                #expect(lab.statistics.assetDownloads == 1)
                #expect(lab.orders.first?.format == "gelato-v4" && lab.orders.first?.currency == "USD")
                // The stages and the tracking came in Gelato's events (order_status_updated, order_item_tracking_code_updated).
                let delivery = try #require((shipped["destinations"] as? [[String: Any]])?.first)
                #expect(delivery["tracking"] as? [String: String] == [
                    "carrier": "DemoPost", "number": "DP000000001", "url": "http://127.0.0.1:\(labPort)/tracking/DP000000001",
                ])
                // When: the next order is held on the printer, and the shop cancels it
                lab.updateFaults { $0.holdAt = .printing }
                let heldID = try await harness.placeOrder(["Album/sunset.jpg"], token: ServiceHarness.apiKey)
                #expect(try await eventually(.seconds(60)) { lab.orders.last?.stage == "printing" })
                _ = try await OrderLabTests.waitForStage("downloaded", of: heldID, harness, token: ServiceHarness.apiKey)
                let cancelled = try ServiceHarness.object(try await harness.client.execute(
                    uri: "/v1/orders/\(heldID)", method: .delete, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"]))
                // Then
                let held = try #require((cancelled["destinations"] as? [[String: Any]])?.first)
                #expect(held["state"] as? String == "delivered")
                #expect((held["cancellation"] as? [String: String])?["outcome"] == "refused")
                #expect(lab.statistics.cancelRequests == 1)
            }
        }
    }
}
