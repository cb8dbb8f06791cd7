import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
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
        try await labOrder(format: format, ordersPath: ordersPath, body: body).record
    }

    /// Places `body` with a `format` lab as the only destination; once the order shipped, what the
    /// lab recorded and the lab's own `GET {ordersPath}/{id}` answer.
    static func labOrder(format: String, ordersPath: String, body: String) async throws -> (record: DemoLab.OrderRecord?, view: Data?) {
        let labPort = try LoopbackPort.free()
        let ordersURL = URL(string: "http://127.0.0.1:\(labPort)/\(ordersPath)")!
        let record = Mutex<DemoLab.OrderRecord?>(nil)
        let view = Mutex<Data?>(nil)
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
                let labID = try #require(first?.id)
                let (data, _) = try await URLSession.shared.data(from: ordersURL.appendingPathComponent(labID))
                view.withLock { $0 = data }
            }
        }
        return (record.withLock { $0 }, view.withLock { $0 })
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

    @Test("the lab's GET shows the whole order as received, in both shapes: recipient, shipping method, currency, lines with sizing, copies, attributes, files with MD5 and size", arguments: [
        ("prodigi-v4", "v4.0/Orders"), ("gelato-v4", "v4/orders"),
    ])
    func labShowsWholeOrder(format: String, ordersPath: String) async throws {
        let body = Self.checkoutBody.replacingOccurrences(
            of: #""line1": "2 Harbour Street","#, with: #""line1": "2 Harbour Street", "line2": "Flat 3", "stateOrCounty": "Greater London","#)
        // When
        let (record, data) = try await Self.labOrder(format: format, ordersPath: ordersPath, body: body)
        // Then
        let answer = try #require(data)
        let view = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
        let order = try #require(view["order"] as? [String: Any])
        #expect(order["format"] as? String == format)
        #expect(order["currency"] as? String == (format == "gelato-v4" ? "USD" : nil))
        #expect(order["shippingMethod"] as? String == (format == "gelato-v4" ? "express" : "Express"))
        #expect(order["recipient"] as? [String: String] == [
            "name": "Grace Hopper", "email": "grace@example.com", "phone": "+44 20 7946 0000", "line1": "2 Harbour Street", "line2": "Flat 3",
            "postalCode": "EC1A 1BB", "townOrCity": "London", "stateOrCounty": "Greater London", "countryCode": "GB",
        ])
        let line = try #require((order["items"] as? [[String: Any]])?.first)
        #expect(line["sku"] as? String == "GLOBAL-PHO-4X6")
        #expect(line["copies"] as? Int == 3)
        #expect(line["sizing"] as? String == (format == "gelato-v4" ? nil : "fitPrintArea"))
        #expect(line["attributes"] as? [String: String] == (format == "gelato-v4" ? [:] : ["paper": "pearl", "finish": "lustre"]))
        #expect(line["reference"] as? String == (format == "gelato-v4" ? "\(record?.merchantReference ?? "")-0" : "0"))
        let file = try #require((line["files"] as? [[String: Any]])?.first)
        let original = try ImageEncoder.jpeg(TestLibrary.gradient(width: 600, height: 900))  // the library's portrait.jpg
        #expect(file["downloadedMD5"] as? String == PrintFileOrderTests.md5(original))
        #expect(file["byteCount"] as? Int == original.count)
        #expect(file["md5Hash"] as? String == (format == "gelato-v4" ? nil : PrintFileOrderTests.md5(original)))
        #expect((file["url"] as? String)?.contains("/v1/assets/") == true)
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
