import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("The order a checkout sends: recipient, shipping method, per-line crop, sizing, rotation and attributes")
struct OrderCheckoutTests {
    static let recipient = #"""
        {"name": "Ada Lovelace", "email": "ada@example.com", "phone": "+44 20 7946 0000",
         "address": {"line1": "12 Analytical Row", "postalOrZipCode": "N1 9GU", "countryCode": "GB", "townOrCity": "London"}}
        """#

    /// An 8×10 order of sunset.jpg (1200×800) cropped to its left 600×400, turned, framed; and portrait.jpg whole.
    static let body = #"""
        {"reference": "R-7", "product": "8x10", "shippingMethod": "Express", "recipient": \#(recipient),
         "items": [{"source": "library", "itemId": "Album/sunset.jpg", "copies": 3, "crop": {"x": 0, "y": 0, "width": 600, "height": 400},
                    "sizing": "fit", "rotation": 90, "attributes": {"paper": "lustre", "frame": "black"}},
                   {"source": "library", "itemId": "portrait.jpg", "product": "4x6", "crop": {"x": 0, "y": 0.5, "width": 1, "height": 0.5, "units": "normalised"}}]}
        """#

    @Test("the order keeps what the checkout sent; fitness is judged on the crop, before and after the photo is fetched")
    func checkoutOrder() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            // When
            let created = try await harness.postOrder(Self.body, token: token, key: "checkout-7")
            // Then: the 201 warns of each line that prints low, judged on its crop already (sunset: 600×400 turned, fit on 8×10: 60 dpi; portrait: its lower half, 600×450, on 4×6: 100 dpi)
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let answer = try ServiceHarness.object(created)
            let warnings = try #require(answer["warnings"] as? [[String: Any]])
            #expect(warnings.map { $0["index"] as? Int } == [0, 1])
            #expect(warnings.map { $0["code"] as? String } == ["lowResolution", "lowResolution"])
            #expect(warnings.map { ($0["fitness"] as? [String: Any])?["dpi"] as? Int } == [60, 100])
            let id = try #require(answer["id"] as? String)
            let order = try await harness.waitForOrder(id, token: token)
            // Then: the order as stored
            #expect(order["status"] as? String == "delivered")
            #expect(order["shippingMethod"] as? String == "Express")
            let recipient = try #require(order["recipient"] as? [String: Any])
            #expect(recipient["name"] as? String == "Ada Lovelace")
            #expect((recipient["address"] as? [String: Any])?["countryCode"] as? String == "GB")
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["copies"] as? Int } == [3, 1])
            #expect(items.map { $0["sizing"] as? String } == ["fit", "fill"])
            #expect(items.map { $0["rotation"] as? Int } == [90, 0])
            #expect(items.first?["attributes"] as? [String: String] == ["paper": "lustre", "frame": "black"])
            #expect((items.first?["crop"] as? [String: Any])?["width"] as? Int == 600)
            #expect((items.last?["crop"] as? [String: Any])?["units"] as? String == "normalised")
            // The materialised line is judged on what prints, the same numbers as before the fetch
            #expect(items.map { ($0["fitness"] as? [String: Any])?["dpi"] as? Int } == [60, 100])
            #expect(items.map { $0["warnings"] as? [String] } == [["lowResolution"], ["lowResolution"]])
            // The original itself is delivered whole (the crop is the lab's to apply)
            #expect(items.first?["pixelWidth"] as? Int == 1200)
            // Personal data never reaches the log
            for secret in ["Ada", "Lovelace", "Analytical", "N1 9GU", "ada@example.com", "7946"] {
                #expect(!harness.logs.text.contains(secret), "the log holds \(secret)")
            }
        }
    }

    @Test("every problem of the body comes back in one 400, each at its JSON path")
    func fieldProblems() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let body = #"""
                {"reference": "R-8", "product": "8x10", "shippingMethod": "",
                 "recipient": {"name": "", "email": "nobody", "address": {"line1": "1 Road", "postalOrZipCode": "", "countryCode": "UK", "townOrCity": "London"}},
                 "items": [{"source": "library", "itemId": "portrait.jpg", "rotation": 45, "copies": 0,
                            "crop": {"x": 0.5, "y": 0, "width": 0.75, "height": 1, "units": "normalised"}}]}
                """#
            // When
            let response = try await harness.postOrder(body, token: token, key: "bad-8")
            // Then
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try ServiceHarness.object(response)
            #expect(problem["code"] as? String == "invalid-data")
            let errors = try #require(problem["errors"] as? [[String: Any]])
            #expect(Set(errors.compactMap { $0["path"] as? String }) == [
                "$.shippingMethod", "$.recipient.name", "$.recipient.email", "$.recipient.address.countryCode",
                "$.items[0].rotation", "$.items[0].copies", "$.items[0].crop.width",
            ])
            #expect(errors.allSatisfy { !(($0["detail"] as? String) ?? "").isEmpty })
            // A value of the wrong type is named by its path too
            let wrongType = try await harness.postOrder(
                #"{"reference": "R-9", "product": "8x10", "items": [{"source": "library", "itemId": "portrait.jpg", "sizing": "squash"}]}"#,
                token: token, key: "bad-9")
            #expect(wrongType.status == .badRequest)
            #expect(try (ServiceHarness.object(wrongType)["errors"] as? [[String: Any]])?.first?["path"] as? String == "$.items[0].sizing")
        }
    }

    @Test("a pixel crop outside the photo is refused before the order is stored")
    func cropOutsideThePhoto() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let body = #"""
                {"reference": "R-10", "product": "4x6",
                 "items": [{"source": "library", "itemId": "portrait.jpg"}, {"source": "library", "itemId": "portrait.jpg", "crop": {"x": 100, "y": 100, "width": 600, "height": 100}}]}
                """#
            let response = try await harness.postOrder(body, token: token, key: "bad-10")
            #expect(response.status == .badRequest)
            let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "$.items[1].crop")
            #expect((errors.first?["detail"] as? String)?.contains("600×900") == true)
        }
    }

    @Test("an order without a recipient keeps none (each lab's configured one applies); the same key and body still replays")
    func noRecipient() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let body = ServiceHarness.orderBody(["portrait.jpg"])
            let first = try await harness.postOrder(body, token: token, key: "plain")
            let id = try #require(try ServiceHarness.object(first)["id"] as? String)
            #expect(try ServiceHarness.object(first)["warnings"] == nil)  // portrait.jpg whole is fine on 4×6
            let again = try await harness.postOrder(body, token: token, key: "plain")
            #expect(again.status == .ok)
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["recipient"] == nil)
            #expect((order["items"] as? [[String: Any]])?.first?["sizing"] as? String == "fill")
        }
    }
}
