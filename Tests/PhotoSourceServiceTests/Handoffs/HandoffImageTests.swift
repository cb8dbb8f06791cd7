import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Hand-offs: the image a handler gets")
struct HandoffImageTests {
    /// An RGBA photo whose left half is transparent.
    static func transparent(width: Int = 40, height: Int = 30) -> PixelBuffer {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += [200, 100, 50, x < width / 2 ? 0 : 255] }
        }
        return PixelBuffer(width: width, height: height, channels: 4, pixels: pixels)
    }

    @Test("a photo with alpha comes back as PNG, keeping its alpha")
    func alphaAsPNG() async throws {
        try await ServiceHarness.withHandoffs { harness in
            try ImageEncoder.png(Self.transparent()).write(to: harness.library.appendingPathComponent("alpha.png"))
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("alpha.png", token: token)
            let response = try await harness.fetch(sent["imageURL"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            let image = try ImageDecoder.decodeFull(Data(buffer: response.body))
            #expect(image.hasAlpha)
            #expect(image.width == 40 && image.height == 30)
            #expect(image.pixels[3] == 0 && image.pixels[(image.width - 1) * 4 + 3] == 255)
        }
    }

    @Test("a JPEG comes back as JPEG, turned upright by its EXIF orientation")
    func jpegUpright() async throws {
        try await ServiceHarness.withHandoffs { harness in
            // Stored 60×40, EXIF "right": upright it is 40×60.
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 60, height: 40), quality: 90, orientation: .right)
                .write(to: harness.library.appendingPathComponent("turned.jpg"))
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("turned.jpg", token: token)
            let response = try await harness.fetch(sent["imageURL"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/jpeg")
            let header = try ImageHeader.read(Data(buffer: response.body))
            #expect(header.format == .jpeg)
            #expect(header.orientation == .up)
            #expect(header.encodedSize.width == 40 && header.encodedSize.height == 60)
        }
    }

    @Test("the longest edge is at most handoffs.maximumEdge; smaller photos are not enlarged")
    func maximumEdge() async throws {
        try await ServiceHarness.withHandoffs(configure: { $0.handoffs.maximumEdge = 600 }) { harness in
            let (token, _) = try await harness.newSession()
            let large = try await harness.fetch(try await harness.send("Album/sunset.jpg", token: token)["imageURL"])
            let largeHeader = try ImageHeader.read(Data(buffer: large.body))
            #expect(largeHeader.encodedSize.width == 600 && largeHeader.encodedSize.height == 400)
            let small = try await harness.fetch(try await harness.send("Album/field.png", token: token)["imageURL"])
            let smallHeader = try ImageHeader.read(Data(buffer: small.body))
            #expect(smallHeader.encodedSize.width == 300 && smallHeader.encodedSize.height == 200)
        }
    }
}
