import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Hand-offs: photos sent back, the Received source, and orders of them")
struct HandoffReturnTests {
    /// `image` mirrored left–right (what the demo editor does).
    static func mirrored(_ image: PixelBuffer) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        let c = image.channels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = (y * image.width + x) * c, to = (y * image.width + image.width - 1 - x) * c
                for k in 0..<c { pixels[to + k] = image.pixels[from + k] }
            }
        }
        return PixelBuffer(width: image.width, height: image.height, channels: c, pixels: pixels)
    }

    /// A tiny PNG whose header claims `width`×`height` (a decompression bomb's shape): a real
    /// 1×1 PNG with its IHDR size changed and the chunk's CRC made right again.
    static func bomb(width: UInt32 = 30_000, height: UInt32 = 30_000) throws -> [UInt8] {
        var bytes = [UInt8](try ImageEncoder.png(PixelBuffer(width: 1, height: 1, channels: 3, pixels: [1, 2, 3])))
        func put(_ value: UInt32, at offset: Int) { for i in 0..<4 { bytes[offset + i] = UInt8((value >> (24 - 8 * UInt32(i))) & 0xFF) } }
        put(width, at: 16)
        put(height, at: 20)
        put(crc32(bytes[12..<29]), at: 29)
        return bytes
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("send → fetch → flip → return → listed in Received (newest first) → thumbnail → ordered to the folder destination")
    func roundTrip() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let token = try await harness.customerSession("c-1")
            // The handler's side: fetch the image once, mirror it, send it back in the same format.
            let sent = try await harness.send("Album/sunset.jpg", token: token)
            let image = try await harness.fetch(sent["imageURL"])
            let flipped = try ImageEncoder.jpeg(Self.mirrored(try ImageDecoder.decodeFull(Data(buffer: image.body))), quality: 90)
            let back = try await harness.sendBack(sent["returnURL"], flipped)
            #expect(back.status == .created, "\(String(buffer: back.body))")
            let answer = try ServiceHarness.object(back)
            #expect(answer["source"] as? String == "received")
            let itemID = try #require(answer["itemId"] as? String)
            // A second photo comes back later: it is listed first.
            let second = try await harness.send("portrait.jpg", token: token)
            let portrait = try await harness.fetch(second["imageURL"])
            #expect(try await harness.sendBack(second["returnURL"], [UInt8](Data(buffer: portrait.body))).status == .created)
            let listed = try await harness.received(token: token)
            #expect(listed.count == 2)
            #expect(listed.last?.id == itemID)
            #expect(listed.last?.title == "sunset.jpg (from Test editor)")
            #expect(listed.first?.title == "portrait.jpg (from Test editor)")
            // Listed in GET /v1/sources, with thumbnails like any other source.
            let sources = try ServiceHarness.array(try await harness.get("/v1/sources", token: token)).compactMap { $0["id"] as? String }
            #expect(sources.contains("received"))
            let items = try #require(try ServiceHarness.object(try await harness.get("/v1/sources/received/items", token: token))["items"] as? [[String: Any]])
            let thumbnail = try await harness.fetch(items.last?["thumbnailURL"])
            #expect(thumbnail.status == .ok)
            // The return token works once.
            let again = try await harness.sendBack(sent["returnURL"], flipped)
            #expect(again.status == .gone)
            #expect(try ServiceHarness.code(again) == "handoff-used")
            // Into an order, delivered to the folder destination as the flipped photo.
            let order = try await harness.postOrder(
                ServiceHarness.orderBody([itemID], source: "received"), token: token, key: "received-1")
            #expect(order.status == .created, "\(String(buffer: order.body))")
            let id = try #require(try ServiceHarness.object(order)["id"] as? String)
            let done = try await harness.waitForOrder(id, token: token)
            #expect(done["status"] as? String == "delivered")
            let folder = harness.orderFolder.appendingPathComponent(id)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }
            #expect(files.count == 1)
            let delivered = try Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))
            #expect(delivered == flipped)
        }
    }

    @Test("a returning customer (same customer, new session) sees Received; another customer does not; the send marks the handler used")
    func perCustomer() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let first = try await harness.customerSession("c-1")
            let sent = try await harness.send("portrait.jpg", token: first)
            // The send marked the handler used by the customer (it leaves the catalog's "more").
            #expect(try await harness.withStoreFile { try await $0.usedHandlers(customerKey: "customer:c-1") } == ["test.editor"])
            let image = try await harness.fetch(sent["imageURL"])
            #expect(try await harness.sendBack(sent["returnURL"], [UInt8](Data(buffer: image.body))).status == .created)
            let later = try await harness.customerSession("c-1")
            #expect(try await harness.received(token: later).map(\.title) == ["portrait.jpg (from Test editor)"])
            let stranger = try await harness.customerSession("c-2")
            #expect(try await harness.received(token: stranger).isEmpty)
            let (anonymous, _) = try await harness.newSession()
            #expect(try await harness.received(token: anonymous).isEmpty)
        }
    }

    @Test("hostile returns are refused with problems, nothing is listed, and the token stays usable")
    func hostileReturns() async throws {
        try await ServiceHarness.withHandoffs(configure: { $0.handoffs.returnMaximumBytes = 200_000 }) { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            // Not an image, said as one.
            let text = try await harness.sendBack(sent["returnURL"], Array("<html>hello</html>".utf8))
            #expect(text.status == .unsupportedMediaType)
            #expect(try ServiceHarness.code(text) == "unsupported-format")
            // Not said as an image.
            let json = try await harness.sendBack(sent["returnURL"], try ServiceHarness.photo(), contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            // Too big.
            let big = try await harness.sendBack(sent["returnURL"], [UInt8](repeating: 0xFF, count: 300_000))
            #expect(big.status == .contentTooLarge)
            // A decompression bomb: a tiny file that claims 900 megapixels.
            let bomb = try await harness.sendBack(sent["returnURL"], try Self.bomb(), contentType: "image/png")
            #expect(bomb.status == .contentTooLarge, "\(String(buffer: bomb.body))")
            // Truncated JPEG: the right signature, no picture.
            let truncated = try await harness.sendBack(sent["returnURL"], try ServiceHarness.photo().prefix(400))
            #expect(truncated.status == .unprocessableContent)
            for response in [text, json, big, bomb, truncated] {
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            #expect(try await harness.received(token: token).isEmpty)
            // The token was not spent by the refusals.
            #expect(try await harness.sendBack(sent["returnURL"], try ServiceHarness.photo()).status == .created)
            #expect(try await harness.received(token: token).count == 1)
        }
    }
}
