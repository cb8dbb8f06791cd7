import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

/// A `gelato-v4` destination reads Gelato's webhook events (`order_status_updated`,
/// `order_item_tracking_code_updated`) into the same reports as Prodigi-shaped callbacks, and its
/// orders carry the configured ISO 4217 `currency`.
@Suite("Orders: Gelato's webhook events and currency")
struct GelatoCallbackTests {
    static let verifier = try! PrintLabCallbackVerifier(secrets: PrintLabCallbackTests.secrets, format: .gelatoV4)

    static func report(_ json: String) throws -> DestinationReport {
        let body = Data(json.utf8)
        return try verifier.report(
            destinationID: "lab", signature: try WebhookSigner(secrets: PrintLabCallbackTests.secrets).signature(for: body), body: body)
    }

    @Test("order_status_updated: fulfillmentStatus becomes the stage; a shipped event's first fulfilment with a code is the tracking")
    func statusUpdated() throws {
        // When
        let shipped = try Self.report(#"""
            {"id":"os_1","event":"order_status_updated","orderId":"g-1","storeId":null,"orderReferenceId":"ord_test","fulfillmentStatus":"shipped",
             "items":[{"itemReferenceId":"ord_test-0","fulfillmentStatus":"shipped","fulfillments":[{},{"trackingCode":"code123",
             "trackingUrl":"http://example.com/tracking?code=code123","shipmentMethodName":"DHL Express Domestic BR","shipmentMethodUid":"dhl"}]}]}
            """#)
        // Then
        #expect(shipped.orderID == "ord_test" && shipped.externalID == "g-1" && shipped.eventID == "os_1")
        #expect(shipped.stage == "shipped")
        #expect(shipped.tracking == DeliveryTracking(carrier: "DHL Express Domestic BR", number: "code123", url: "http://example.com/tracking?code=code123"))
        let passed = try Self.report(#"{"id":"os_2","event":"order_status_updated","orderId":"g-1","orderReferenceId":"ord_test","fulfillmentStatus":"passed"}"#)
        #expect(passed.stage == "downloaded" && passed.tracking == nil)
    }

    @Test("Gelato's statuses in our stages", arguments: [
        ("created", "received"), ("uploading", "received"), ("pending_approval", "received"), ("passed", "downloaded"),
        ("in_production", "downloaded"), ("printed", "printed"), ("shipped", "shipped"), ("in_transit", "shipped"),
        ("delivered", "shipped"), ("canceled", "cancelled"), ("failed", "failed"), ("returned", "failed"),
    ])
    func statuses(gelato: String, stage: String) {
        #expect(GelatoCallback.stage(of: gelato)?.rawValue == stage)
    }

    @Test("order_item_tracking_code_updated is shipped with that parcel's tracking")
    func trackingUpdated() throws {
        // When
        let report = try Self.report(#"""
            {"id":"tc_1","event":"order_item_tracking_code_updated","orderId":"g-1","orderReferenceId":"ord_test","itemReferenceId":"ord_test-0",
             "trackingCode":"DP1","trackingUrl":"http://127.0.0.1:1/tracking/DP1","shipmentMethodName":"DemoPost","fulfillmentCountry":"GB"}
            """#)
        // Then
        #expect(report.stage == "shipped")
        #expect(report.tracking == DeliveryTracking(carrier: "DemoPost", number: "DP1", url: "http://127.0.0.1:1/tracking/DP1"))
    }

    @Test("an unknown status or event, or a Prodigi-shaped body, is malformed (400), not applied")
    func malformed() throws {
        for json in [
            #"{"id":"os_3","event":"order_status_updated","orderId":"g-1","orderReferenceId":"ord_test","fulfillmentStatus":"teleported"}"#,
            #"{"id":"os_4","event":"order_deleted","orderId":"g-1","orderReferenceId":"ord_test"}"#,
            String(decoding: PrintLabCallbackTests.body(), as: UTF8.self),
        ] {
            #expect(throws: PrintLabCallbackVerifier.Rejection.self) { try Self.report(json) }
        }
    }

    @Test("currency: the Gelato body carries the destination's (USD unless configured); a code not in ISO 4217 is a configuration problem")
    func currency() throws {
        let body = { (currency: String) throws -> String? in
            let json = try JSONSerialization.jsonObject(with: PrintLabFormat.gelatoV4.body(GelatoFormatTests.order, currency: currency)) as? [String: Any]
            return json?["currency"] as? String
        }
        #expect(try body("EUR") == "EUR")
        let decode = { (currency: String?) throws -> String? in
            var entry = try OrderLabTests.labDestination(OrderLabTests.ordersURL(port: 1), format: "gelato-v4")
            if let currency, case .object(var fields) = entry.settings {
                fields["currency"] = .string(currency)
                entry.settings = .object(fields)
            }
            guard case .printLab(let configuration, _) = try RemoteDestinationEntry.decoded(from: entry).settings else { return nil }
            return configuration.currency
        }
        #expect(try decode(nil) == "USD")
        #expect(try decode("GBP") == "GBP")
        for wrong in ["gbp", "XYZ", "EURO", ""] {
            #expect(throws: PhotoSourceError.self, "\(wrong)") { try decode(wrong) }
        }
    }
}
