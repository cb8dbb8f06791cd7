import Foundation
@testable import PhotoImaging
import Testing

/// Photos for print-file orders: a coloured-corners image (as the print geometry tests use) and
/// a large one to be scaled down, written into a harness's library; corner colours read back.
enum PrintTestPhotos {
    static let red: [Int] = [230, 20, 20], green: [Int] = [20, 200, 20], blue: [Int] = [20, 20, 230], yellow: [Int] = [240, 230, 20]

    /// `width`×`height` PNG: red top-left, green top-right, blue bottom-left, yellow bottom-right.
    static func quadrants(width: Int = 400, height: Int = 300) throws -> Data {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        let colours = [red, green, blue, yellow].map { $0.map(UInt8.init) }
        for y in 0..<height {
            for x in 0..<width { pixels += colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
        }
        return try ImageEncoder.png(PixelBuffer(width: width, height: height, channels: 3, pixels: pixels))
    }

    /// The colours 12 pixels in from each corner of `image`: top-left, top-right, bottom-left, bottom-right.
    static func corners(_ image: PixelBuffer, inset: Int = 12) -> [[Int]] {
        [(inset, inset), (image.width - 1 - inset, inset), (inset, image.height - 1 - inset), (image.width - 1 - inset, image.height - 1 - inset)]
            .map { x, y in
                let offset = (y * image.width + x) * image.channels
                return image.pixels[offset..<offset + 3].map(Int.init)
            }
    }

    /// Whether every corner of `image` is within 16 of `expected`, channel by channel.
    static func cornersMatch(_ image: PixelBuffer, _ expected: [[Int]]) -> Bool {
        zip(corners(image), expected).allSatisfy { got, want in zip(got, want).allSatisfy { abs($0 - $1) <= 16 } }
    }

    /// Whether a JPEG embeds the sRGB profile the print renderer writes (read back from its `APP2` segments).
    static func embedsSRGBProfile(_ jpeg: Data) -> Bool {
        EmbeddedColourProfile.read(jpeg, format: .jpeg).map([UInt8].init) == ColourConversion.sRGBProfile
    }

    /// A PNG whose header is whole (so it is stored and described) but whose compressed pixels are
    /// garbage, so decoding it for a print file fails.
    static func undecodablePNG(width: Int = 400, height: Int = 300) throws -> Data {
        var png = try quadrants(width: width, height: height)
        let idat = try #require(png.range(of: Data("IDAT".utf8)))
        // Past the zlib header (2 bytes): 64 bytes no deflate stream starts with.
        let start = idat.upperBound + 2
        png.replaceSubrange(start..<start + 64, with: Data(repeating: 0xFF, count: 64))
        return png
    }
}
