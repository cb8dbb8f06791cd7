import Foundation
@testable import PhotoImaging

/// Test inputs with embedded ICC profiles: PNG (iCCP) and JPEG (APP2), made in code.
enum ProfiledImages {
    /// `image` as a PNG carrying `profile` in an iCCP chunk right after IHDR.
    static func png(_ image: PixelBuffer, profile: [UInt8]) throws -> Data {
        let plain = [UInt8](try ImageEncoder.png(image))
        let body = Array("ICC".utf8) + [0, 0] + zlibStored(profile)
        let chunk = be32(body.count) + Array("iCCP".utf8) + body + be32(Int(CRC32.checksum(Array("iCCP".utf8) + body)))
        let afterHeader = 8 + 25
        return Data(plain[..<afterHeader] + chunk + plain[afterHeader...])
    }

    /// `image` (RGB) as a 4:4:4 JPEG at `quality` carrying `profile`.
    static func jpeg(_ image: PixelBuffer, profile: [UInt8], quality: Int = 100) throws -> Data {
        let plain = try JPEGEncoder.compress(image.pixels, width: image.width, height: image.height, layout: .rgb, quality: quality, progressive: false)
        return JPEGProfileSegments.embedding(profile, dpi: 72, into: plain)
    }

    /// Inverted CMYK samples as a JPEG carrying `profile`.
    static func cmykJPEG(inverted samples: [UInt8], width: Int, height: Int, profile: [UInt8]) throws -> Data {
        let plain = try JPEGEncoder.compress(samples, width: width, height: height, layout: .cmyk, quality: 100, progressive: false)
        return JPEGProfileSegments.embedding(profile, dpi: 72, into: plain)
    }

    /// Flat patches of `colours`, `side` pixels each, two columns: for a 2:3 print when there are 6.
    static func patches(_ colours: [[Int]], side: Int = 32, channels: Int = 3) -> PixelBuffer {
        let columns = 2, rows = (colours.count + 1) / 2
        var pixels = [UInt8](repeating: 255, count: columns * side * rows * side * channels)
        for (index, colour) in colours.enumerated() {
            let (column, row) = (index % columns, index / columns)
            for y in (row * side)..<((row + 1) * side) {
                for x in (column * side)..<((column + 1) * side) {
                    for channel in 0..<channels { pixels[(y * columns * side + x) * channels + channel] = UInt8(colour[channel]) }
                }
            }
        }
        return PixelBuffer(width: columns * side, height: rows * side, channels: channels, pixels: pixels)
    }

    /// The colour at the centre of patch `index` of a ``patches(_:side:channels:)`` image.
    static func patch(_ image: PixelBuffer, _ index: Int, side: Int = 32) -> [Int] {
        let (x, y) = ((index % 2) * side + side / 2, (index / 2) * side + side / 2)
        return (0..<3).map { Int(image.pixels[(y * image.width + x) * image.channels + $0]) }
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(Int(b << 16 | a))
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
}
