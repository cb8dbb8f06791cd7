import Foundation
import Testing
@testable import PhotoImaging

/// One cell of the PNG codec matrix: a colour type, bit depth, tRNS and interlace choice, with
/// the fixture's bytes and the 8-bit RGB(A) pixels a correct decoder must produce.
struct PNGMatrixCase: CustomTestStringConvertible, Sendable {
    let colourType: Int
    let bitDepth: Int
    let transparency: Bool
    let interlaced: Bool

    var testDescription: String {
        "type \(colourType) / \(bitDepth)-bit" + (transparency ? " + tRNS" : "") + (interlaced ? " / Adam7" : "")
    }

    /// Every colour type and bit depth, with and without tRNS where allowed, plus Adam7 variants.
    static let all: [PNGMatrixCase] = {
        var cases: [PNGMatrixCase] = []
        for (type, depths) in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])] {
            for depth in depths {
                for transparency in [4, 6].contains(type) ? [false] : [false, true] {
                    cases.append(PNGMatrixCase(colourType: type, bitDepth: depth, transparency: transparency, interlaced: false))
                }
            }
        }
        for (type, depth) in [(0, 1), (0, 16), (2, 8), (3, 4), (4, 8), (6, 16)] {
            cases.append(PNGMatrixCase(colourType: type, bitDepth: depth, transparency: type == 3, interlaced: true))
        }
        return cases
    }()

    static let width = 13
    static let height = 11

    /// The stored sample of channel `channel` at (x, y): a level in 0..<2^min(bitDepth, 8).
    func level(_ x: Int, _ y: Int, _ channel: Int) -> Int {
        (x * 3 + y * 5 + channel * 7) % (1 << min(bitDepth, 8))
    }

    /// A stored level widened to 8 bits the way PNG defines it (and libpng expands it).
    func eightBit(_ level: Int) -> UInt8 {
        switch bitDepth {
        case 1: UInt8(level * 255)
        case 2: UInt8(level * 85)
        case 4: UInt8(level * 17)
        default: UInt8(level)
        }
    }

    /// The palette: entry i is (i * 13, 255 - i, i * 7) (mod 256).
    func paletteEntry(_ index: Int) -> [UInt8] { [UInt8(index * 13 % 256), UInt8(255 - index), UInt8(index * 7 % 256)] }
    var paletteSize: Int { 1 << bitDepth }
    /// Palette alpha: entry i has alpha i * 37 (mod 256), for the first half of the entries.
    func paletteAlpha(_ index: Int) -> UInt8 { index < max(1, paletteSize / 2) ? UInt8(index * 37 % 256) : 255 }
    /// The transparent gray level or RGB colour (tRNS for types 0 and 2): the level of pixel (0, 0).
    var transparentLevels: [Int] { colourType == 0 ? [level(0, 0, 0)] : [level(0, 0, 0), level(0, 0, 1), level(0, 0, 2)] }

    /// The PNG bytes, written by libpng.
    func encoded() throws -> Data {
        let channels = PNGFixtures.channelsByColourType[colourType] ?? 1
        let bitsPerRow = Self.width * channels * bitDepth
        let rowBytes = (bitsPerRow + 7) / 8
        var rows = [UInt8](repeating: 0, count: rowBytes * Self.height)
        for y in 0 ..< Self.height {
            var bit = 0
            for x in 0 ..< Self.width {
                for channel in 0 ..< channels {
                    let value = level(x, y, channel)
                    let offset = y * rowBytes
                    if bitDepth == 16 {  // big-endian, high byte = low byte so it scales exactly
                        rows[offset + bit / 8] = UInt8(value)
                        rows[offset + bit / 8 + 1] = UInt8(value)
                    } else {
                        rows[offset + bit / 8] |= UInt8(value << (8 - bitDepth - bit % 8))
                    }
                    bit += bitDepth
                }
            }
        }
        var spec = PNGWriteSpec(
            width: Self.width, height: Self.height, bitDepth: bitDepth, colourType: colourType,
            interlaced: interlaced, rows: rows, rowBytes: rowBytes)
        if colourType == 3 {
            spec.palette = (0 ..< paletteSize).flatMap(paletteEntry)
            if transparency { spec.paletteAlpha = (0 ..< max(1, paletteSize / 2)).map(paletteAlpha) }
        } else if transparency {
            spec.transparentColour = transparentLevels.map { bitDepth == 16 ? UInt16($0) * 257 : UInt16($0) }
        }
        return try PNGEncoder.encode(spec)
    }

    /// What a decoder must return: RGB, or RGBA when the image has alpha.
    func expected() -> PixelBuffer {
        let hasAlpha = colourType == 4 || colourType == 6 || transparency
        let channels = hasAlpha ? 4 : 3
        var pixels: [UInt8] = []
        pixels.reserveCapacity(Self.width * Self.height * channels)
        for y in 0 ..< Self.height {
            for x in 0 ..< Self.width {
                var rgba: [UInt8]
                switch colourType {
                case 0, 4:
                    let gray = eightBit(level(x, y, 0))
                    let alpha: UInt8 = colourType == 4 ? UInt8(level(x, y, 1)) : (level(x, y, 0) == transparentLevels[0] ? 0 : 255)
                    rgba = [gray, gray, gray, alpha]
                case 3:
                    let index = level(x, y, 0)
                    rgba = paletteEntry(index) + [transparency ? paletteAlpha(index) : 255]
                default:
                    let rgb = (0 ..< 3).map { UInt8(level(x, y, $0)) }
                    let alpha: UInt8 = colourType == 6 ? UInt8(level(x, y, 3))
                        : ((0 ..< 3).map { level(x, y, $0) } == transparentLevels ? 0 : 255)
                    rgba = rgb + [alpha]
                }
                pixels += rgba.prefix(channels)
            }
        }
        return PixelBuffer(width: Self.width, height: Self.height, channels: channels, pixels: pixels)
    }
}
