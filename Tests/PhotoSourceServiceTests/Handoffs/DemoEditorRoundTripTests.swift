import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The whole "Send to…" round trip with the real demo editor the service starts
/// (`startsDemoEditor`): nothing stands in for the handler.
@Suite("Hand-offs through the demo editor the service starts")
struct DemoEditorRoundTripTests {
    /// The mean absolute difference of two same-sized images' samples.
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        let count = min(a.pixels.count, b.pixels.count)
        var total = 0
        for index in 0..<count { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(max(count, 1))
    }

    /// `GET` of the launch URL as the customer's browser would (the editor is on loopback).
    static func open(_ launchURL: String) async throws -> PhotoNetworking.HTTPResponse {
        let url = try #require(URL(string: launchURL))
        #expect(url.host == "127.0.0.1")
        let origin = "http://127.0.0.1:\(try #require(url.port))"
        return try await PhotoNetworking.HTTPClient.shared.send(PhotoNetworking.HTTPRequest(url: url, options: HTTPOptions(addressPolicy: try AddressPolicy.trusting(origins: [origin]))))
    }

    @Test("handoff → the launch URL opened → the editor flips the photo and returns it → listed in Received → ordered and delivered to the folder, mirrored")
    func roundTrip() async throws {
        try await ServiceHarness.withHandoffs(arguments: { $0.startsDemoEditor = true }) { harness in
            let token = try await harness.customerSession("c-1")
            // When: the shop sends the photo to the demo editor, and the customer's browser opens the launch URL
            let sent = try await harness.send("Album/sunset.jpg", handler: "demo.editor", token: token)
            let launchURL = try #require(sent["launchURL"] as? String)
            let page = try await Self.open(launchURL)
            // Then: the editor fetched it once, flipped it and sent it back
            #expect(page.status == 200)
            let text = String(decoding: page.body, as: UTF8.self)
            #expect(text.contains("Flipped the 1200×800 JPEG photo left to right and sent it back to 127.0.0.1:"), "\(text)")
            #expect(try await harness.fetch(sent["imageURL"]).status == .gone, "the image URL was spent by the editor")
            let listed = try await harness.received(token: token)
            #expect(listed.map(\.title) == ["sunset.jpg (from Demo editor)"])
            let itemID = try #require(listed.first?.id)
            #expect(text.contains("item \(itemID) in “Received”"), "\(text)")
            // And it orders like any photo: delivered to the folder as the mirror image of the original.
            let order = try await harness.postOrder(ServiceHarness.orderBody([itemID], source: "received"), token: token, key: "demo-editor-1")
            #expect(order.status == .created, "\(String(buffer: order.body))")
            let id = try #require(try ServiceHarness.object(order)["id"] as? String)
            #expect(try await harness.waitForOrder(id, token: token)["status"] as? String == "delivered")
            let folder = harness.orderFolder.appendingPathComponent(id)
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".jpg") })
            let delivered = try ImageDecoder.decodeFull(try Data(contentsOf: folder.appendingPathComponent(file)))
            let original = try ImageDecoder.decodeFull(try Data(contentsOf: harness.library.appendingPathComponent("Album/sunset.jpg")))
            #expect(delivered.width == 1200 && delivered.height == 800)
            let mirrored = Self.meanDifference(delivered, HandoffReturnTests.mirrored(original))
            let unmirrored = Self.meanDifference(delivered, original)
            #expect(mirrored < 4 && unmirrored > 4 * mirrored, "mirrored: \(mirrored), as sent: \(unmirrored)")
        }
    }
}
