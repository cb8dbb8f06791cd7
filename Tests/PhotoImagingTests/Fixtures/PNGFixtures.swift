import Foundation
@testable import PhotoImaging

/// PNG fixtures written with libpng (through the shim's full-API encoder) or by hand.
enum PNGFixtures {
    /// The channels each PNG colour type stores.
    static let channelsByColourType = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4]

    /// A PNG of one mid-gray/teal colour in `colourType` at 8 bits, optionally with a tRNS chunk
    /// (palette alpha for type 3, a transparent colour that is not used for types 0 and 2).
    static func solid(width: Int, height: Int, colourType: Int, transparent: Bool = false) throws -> Data {
        let channels = channelsByColourType[colourType] ?? 3
        let sample: [UInt8] = [[0x80], [], [0x20, 0x80, 0x90], [], [0x80, 0xFF], [], [0x20, 0x80, 0x90, 0xFF]][colourType]
        var spec = PNGWriteSpec(
            width: width, height: height, colourType: colourType,
            rows: Array([[UInt8]](repeating: colourType == 3 ? [0] : sample, count: width * height).joined()),
            rowBytes: width * channels)
        if colourType == 3 { spec.palette = [0x20, 0x80, 0x90, 0xFF, 0xFF, 0xFF] }
        if transparent {
            if colourType == 3 { spec.paletteAlpha = [0x80] } else { spec.transparentColour = colourType == 0 ? [1] : [1, 2, 3] }
        }
        return try PNGEncoder.encode(spec)
    }

    /// A PNG signature plus an IHDR chunk with a correct CRC (and nothing after it).
    static func ihdr(width: Int, height: Int, bitDepth: Int = 8, colourType: Int = 2, interlace: Int = 0) -> [UInt8] {
        chunkStream(signature: true, [("IHDR", be32(width) + be32(height) + [UInt8(bitDepth), UInt8(colourType), 0, 0, UInt8(interlace)])])
    }

    /// Chunks with lengths and CRCs, after the signature when asked.
    static func chunkStream(signature: Bool, _ chunks: [(String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = signature ? ImageSniffer.pngMagic : []
        for (type, payload) in chunks {
            let body = Array(type.utf8) + payload
            bytes += be32(payload.count) + body + be32(Int(CRC32.checksum(body)))
        }
        return bytes
    }

    static func be32(_ value: Int) -> [UInt8] { JPEGHeaderBytes.be32(value) }
}

extension PNGFixtures {
    /// `png` with a chunk inserted right after IHDR, its CRC flipped when `corruptCRC`.
    static func insertingChunk(_ type: String, _ payload: [UInt8], into png: Data, corruptCRC: Bool) -> [UInt8] {
        var chunk = chunkStream(signature: false, [(type, payload)])
        if corruptCRC { chunk[chunk.count - 1] ^= 0xFF }
        var bytes = [UInt8](png)
        bytes.insert(contentsOf: chunk, at: 33)
        return bytes
    }
}
