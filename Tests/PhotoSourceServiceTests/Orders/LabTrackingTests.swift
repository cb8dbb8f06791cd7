import Foundation
import HummingbirdTesting
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// Tracking: a lab's `shipped` callback carries the carrier, tracking number and URL into the
/// order's delivery, `GET /v1/orders/{id}` shows them per destination and the `order.updated`
/// webhook carries them; the demo lab sends them when it ships.
@Suite("Orders: tracking from the lab")
struct LabTrackingTests {
    @Test("a shipped callback's shipments become the report's tracking (the first parcel with any)")
    func callbackShipmentsBecomeTracking() throws {
        // Given
        let body = Data(
            #"{"id":"evt_9","type":"order.stage.changed","data":{"order":{"id":"ord_9","merchantReference":"ord_test","stage":"shipped","shipments":[{},{"carrier":{"name":"Royal Mail","service":"Tracked 48"},"tracking":{"number":"RM123","url":"https://track.example/RM123"}}]}}}"#
                .utf8)
        let verifier = try PrintLabCallbackVerifier(secrets: PrintLabCallbackTests.secrets)
        // When
        let report = try verifier.report(
            destinationID: "lab", signature: try WebhookSigner(secrets: PrintLabCallbackTests.secrets).signature(for: body), body: body)
        // Then
        #expect(report.tracking == DeliveryTracking(carrier: "Royal Mail", number: "RM123", url: "https://track.example/RM123"))
        #expect(try verifier.report(
            destinationID: "lab", signature: try WebhookSigner(secrets: PrintLabCallbackTests.secrets).signature(for: PrintLabCallbackTests.body()),
            body: PrintLabCallbackTests.body()).tracking == nil)
    }

    @Test("the store keeps a shipped report's tracking on the delivery, and the event says it")
    func storeKeepsTracking() async throws {
        try await OrderQueueTests.withStore { store in
            try await DestinationReportTests.acceptedOrder(store)
            var shipped = DestinationReportTests.report("evt_4", "shipped")
            shipped.tracking = DeliveryTracking(carrier: "DHL", number: "JD014600", url: "https://dhl.example/JD014600")
            // When
            #expect(try await store.applyReport(shipped, now: Date()) == .applied)
            // Then
            let delivery = try #require(try await store.order(id: "ord_1")?.deliveries.first)
            #expect(delivery.tracking == shipped.tracking)
            let event = try #require(try await store.events(order: "ord_1", after: 0, limit: 100).last { $0.type == "order.delivery" })
            let data = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
            #expect((data["tracking"] as? [String: String])?["number"] == "JD014600")
        }
    }

    @Test("the demo lab ships with tracking: GET shows it per destination, and the webhook carries the same")
    func demoLabTrackingReachesShop() async throws {
        let labPort = try LoopbackPort.free()
        try await WebhookOrderUpdateTests.run(destinations: { _ in [try! OrderLabTests.labDestination(OrderLabTests.ordersURL(port: labPort))] }) { harness, receiver in
            try await OrderLabTests.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none) { _ in
                // When
                let id = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
                let order = try await OrderLabTests.waitForStage("shipped", of: id, harness, token: ServiceHarness.apiKey)
                // Then
                let destination = try #require((order["destinations"] as? [[String: Any]])?.first)
                let tracking = try #require(destination["tracking"] as? [String: String])
                #expect(tracking["carrier"] == "DemoPost")
                #expect(tracking["number"] == "DP000000001")
                #expect(tracking["url"] == "http://127.0.0.1:\(labPort)/tracking/DP000000001")
                #expect(try await eventually(.seconds(60)) {
                    WebhookOrderUpdateTests.deliveries(receiver, order: id).contains { $0["stage"] as? String == "shipped" }
                })
                let reported = try #require(WebhookOrderUpdateTests.deliveries(receiver, order: id).last { $0["stage"] as? String == "shipped" })
                #expect(reported["tracking"] as? [String: String] == tracking)
            }
        }
    }
}
