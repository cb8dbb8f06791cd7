import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import SampleSources
import Synchronization
import Testing
@testable import PhotoSourceService

/// What a checkout sends with an order (its recipient, shipping method, and per line copies,
/// sizing and attributes) reaches the demo lab in both lab shapes; an order that sends none gets
/// the destination's configured recipient, shipping method and sizing.
@Suite("Orders: the checkout's recipient, shipping method and line layout reach the lab")
struct LabCheckoutFieldsTests {
    /// An order of one photo, three copies, fitted, with paper and finish, to Grace by Express.
    static let checkoutBody = """
        {"reference": "R-9", "product": "4x6", "shippingMethod": "Express",
         "recipient": {"name": "Grace Hopper", "email": "grace@example.com", "phone": "+44 20 7946 0000",
                       "address": {"line1": "2 Harbour Street", "postalOrZipCode": "EC1A 1BB", "countryCode": "GB", "townOrCity": "London"}},
         "items": [{"source": "library", "itemId": "portrait.jpg", "copies": 3, "sizing": "fit",
                    "attributes": {"paper": "pearl", "finish": "lustre"}}]}
        """

    /// The checkout's recipient as the lab reads it, in either shape.
    static let grace = DemoLab.OrderRecord.Recipient(
        name: "Grace Hopper", email: "grace@example.com", phone: "+44 20 7946 0000", line1: "2 Harbour Street", postalCode: "EC1A 1BB",
        townOrCity: "London", countryCode: "GB")

    /// Places `body` with a `format` lab as the only destination; returns what the lab recorded once the order shipped.
    static func labRecord(format: String, ordersPath: String, body: String) async throws -> DemoLab.OrderRecord? {
        let labPort = try LoopbackPort.free()
        let ordersURL = URL(string: "http://127.0.0.1:\(labPort)/\(ordersPath)")!
        let record = Mutex<DemoLab.OrderRecord?>(nil)
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = [try! OrderLabTests.labDestination(ordersURL, format: format)]
        }) { harness in
            try await OrderLabTests.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none) { lab in
                let response = try await harness.postOrder(body, token: ServiceHarness.apiKey, key: UUID().uuidString)
                #expect(response.status == .created, "\(String(buffer: response.body))")
                let id = try #require(try ServiceHarness.object(response)["id"] as? String)
                _ = try await OrderLabTests.waitForStage("shipped", of: id, harness, token: ServiceHarness.apiKey)
                let first = lab.orders.first
                record.withLock { $0 = first }
            }
        }
        return record.withLock { $0 }
    }

    @Test("Prodigi v4: recipient, shippingMethod, and per line copies 3, sizing fitPrintArea and the attributes")
    func prodigiShape() async throws {
        // When
        let record = try #require(try await Self.labRecord(format: "prodigi-v4", ordersPath: "v4.0/Orders", body: Self.checkoutBody))
        // Then
        #expect(record.shippingMethod == "Express")
        #expect(record.recipient == Self.grace)
        let line = try #require(record.lines.first)
        #expect(record.lines.count == 1)
        #expect(line.sku == "GLOBAL-PHO-4X6")
        #expect(line.copies == 3)
        #expect(line.sizing == "fitPrintArea")
        #expect(line.attributes == ["paper": "pearl", "finish": "lustre"])
    }

    @Test("Gelato v4: shippingAddress, shipmentMethodUid (lowercased) and quantity 3; no sizing or attributes fields")
    func gelatoShape() async throws {
        // When
        let record = try #require(try await Self.labRecord(format: "gelato-v4", ordersPath: "v4/orders", body: Self.checkoutBody))
        // Then
        #expect(record.shippingMethod == "express")
        #expect(record.recipient == Self.grace)
        let line = try #require(record.lines.first)
        #expect(line.sku == "GLOBAL-PHO-4X6")
        #expect(line.copies == 3)
        #expect(line.sizing == nil)
        #expect(line.attributes.isEmpty)
    }

    @Test("an order without them: the configured recipient, shipping method and sizing; no attributes")
    func configuredDefaults() async throws {
        // When
        let body = ServiceHarness.orderBody(["portrait.jpg"])
        let record = try #require(try await Self.labRecord(format: "prodigi-v4", ordersPath: "v4.0/Orders", body: body))
        // Then
        #expect(record.shippingMethod == "Standard")
        #expect(record.recipient?.name == "Ada")
        #expect(record.recipient?.line1 == "1 Loop Road")
        #expect(record.lines.first?.copies == 1)
        #expect(record.lines.first?.sizing == "fillPrintArea")
        #expect(record.lines.first?.attributes == [:])
    }

    @Test("a line's sizing in the lab's words: fill is the configured sizing, fit and stretch are Prodigi's")
    func sizingWords() throws {
        var configuration = PrintLabDestination.Configuration(
            id: "lab", ordersURL: URL(string: "http://127.0.0.1:1/v4.0/Orders")!, skus: [:],
            recipient: PrintLabRecipient(name: "Ada", address: .init(line1: "1", postalOrZipCode: "1", countryCode: "GB", townOrCity: "L")))
        configuration.sizing = "fitPrintArea"
        let lab = try PrintLabDestination(configuration)
        #expect(lab.labSizing(.fill) == "fitPrintArea")
        #expect(lab.labSizing(.fit) == "fitPrintArea")
        #expect(lab.labSizing(.stretch) == "stretchToPrintArea")
    }
}
