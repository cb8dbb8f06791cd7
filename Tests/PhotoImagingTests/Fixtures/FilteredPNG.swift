import Foundation
@testable import PhotoImaging

/// 8-bit PNGs written here byte by byte, so a test chooses every row's filter type and can damage
/// any part of the file: the rows are filtered here and stored in a zlib stream of uncompressed
/// (stored) DEFLATE blocks, split into IDAT chunks of `idatChunkSize` bytes.
struct FilteredPNG {
    var width: Int
    var height: Int
    /// PNG colour type: 0 gray, 2 RGB, 4 gray+alpha, 6 RGBA.
    var colourType: Int
    /// The filter type of row y is `filters[y % filters.count]` (0 None … 4 Paeth).
    var filters: [UInt8]
    var idatChunkSize = 1000
    /// The zlib header's window field (CINFO, 0…7).
    var windowBits = 7

    var channels: Int { PNGFixtures.channelsByColourType[colourType] ?? 3 }

    /// Deterministic pixels with structure and noise, so every filter's predictions vary.
    func pixels() -> [UInt8] {
        var state: UInt32 = UInt32(width * 7919 + height * 104_729 + colourType)
        return (0 ..< width * height * channels).map { index in
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = index / channels % width, y = index / channels / width
            return UInt8(truncatingIfNeeded: x * 9 + y * 5 + index % channels * 60 + Int(state >> 28))
        }
    }

    /// The filtered rows: each row's filter-type byte, then its filtered samples.
    func filteredRows() -> [UInt8] {
        let raw = pixels(), rowBytes = width * channels, bpp = channels
        var out: [UInt8] = []
        for y in 0 ..< height {
            let filter = filters[y % filters.count]
            out.append(filter)
            for i in 0 ..< rowBytes {
                let value = Int(raw[y * rowBytes + i])
                let left = i >= bpp ? Int(raw[y * rowBytes + i - bpp]) : 0
                let up = y > 0 ? Int(raw[(y - 1) * rowBytes + i]) : 0
                let upLeft = y > 0 && i >= bpp ? Int(raw[(y - 1) * rowBytes + i - bpp]) : 0
                let prediction = switch filter {
                case 1: left
                case 2: up
                case 3: (left + up) / 2
                case 4: Self.paeth(left, up, upLeft)
                default: 0
                }
                out.append(UInt8(truncatingIfNeeded: value - prediction))
            }
        }
        return out
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// A zlib stream of stored blocks holding `data`, with its Adler-32.
    func zlibStream(_ data: [UInt8]) -> [UInt8] {
        let cmf = UInt8(windowBits << 4 | 8)
        let flg = UInt8(31 - Int(cmf) * 256 % 31)
        var stream: [UInt8] = [cmf, flg]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            stream += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            stream += data[offset ..< offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return stream + PNGFixtures.be32(Int(b << 16 | a))
    }

    /// The PNG: IHDR, the IDAT chunks, IEND, with `extraChunks` right after IHDR.
    func encoded(stream: [UInt8]? = nil, extraChunks: [(String, [UInt8])] = []) -> Data {
        let stream = stream ?? zlibStream(filteredRows())
        let header = PNGFixtures.be32(width) + PNGFixtures.be32(height) + [8, UInt8(colourType), 0, 0, 0]
        var chunks: [(String, [UInt8])] = [("IHDR", header)] + extraChunks
        var offset = 0
        while offset < stream.count {
            chunks.append(("IDAT", Array(stream[offset ..< min(offset + idatChunkSize, stream.count)])))
            offset += idatChunkSize
        }
        chunks.append(("IEND", []))
        return Data(PNGFixtures.chunkStream(signature: true, chunks))
    }
}
