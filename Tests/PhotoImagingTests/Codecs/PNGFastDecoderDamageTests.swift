import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

/// Damaged and unusual files: the fast path declines each (never crashes, never returns other
/// pixels), and the default path then answers exactly as libpng does — its pixels or its error.
@Suite("PNG fast path: damaged files")
struct PNGFastDecoderDamageTests {
    typealias Fast = PNGFastDecoderTests

    static let png = FilteredPNG(width: 23, height: 9, colourType: 2, filters: [4, 1, 3, 2, 0], idatChunkSize: 150)

    /// Expects the fast path to decline `data` as `kind`, and the default path to answer as libpng.
    static func expectDeclined(_ data: Data, _ kind: PNGFastDecoder.Decline.Kind, _ comment: Comment) throws {
        let decline = try Fast.decline(Fast.fastOutcome(data))
        #expect(decline?.kind == kind, "\(comment): \(decline?.reason ?? "accepted")")
        let thumbnail = try Fast.decline(Fast.fastOutcome(data, longSide: 4))
        #expect(thumbnail?.kind == kind, "\(comment) (thumbnail): \(thumbnail?.reason ?? "accepted")")
        Fast.expectSameAnswer(data, comment)
    }

    static func chunkOffsets(_ data: Data) -> [(type: String, offset: Int, length: Int)] {
        var chunks: [(String, Int, Int)] = []
        var offset = 8
        while offset + 12 <= data.count {
            let length = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            chunks.append((String(decoding: data[offset + 4 ..< offset + 8], as: UTF8.self), offset, length))
            offset += 12 + length
        }
        return chunks
    }

    @Test("Cut short anywhere after IHDR: declined, and the same invalid-data error as libpng")
    func truncated() throws {
        let data = Self.png.encoded()
        for length in [33, 40, 200, data.count / 2, data.count - 13, data.count - 12, data.count - 1] {
            try Self.expectDeclined(data.prefix(length), .damaged, "cut at \(length) of \(data.count)")
            #expect(throws: PhotoSourceError.self) { _ = try ImageDecoder.decodeFull(data.prefix(length)) }
        }
    }

    @Test("A bad CRC on an IDAT chunk or on IEND: declined; libpng's CRC error")
    func badCRC() throws {
        let data = Self.png.encoded()
        for chunk in Self.chunkOffsets(data) where chunk.type == "IDAT" || chunk.type == "IEND" {
            var bytes = [UInt8](data)
            bytes[chunk.offset + 8 + chunk.length] ^= 0x40
            try Self.expectDeclined(Data(bytes), .damaged, "\(chunk.type) at \(chunk.offset)")
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageDecoder.decodeFull(Data(bytes)) }
            #expect(error?.code == .invalidData)
            #expect(error?.detail?.lowercased().contains("crc") == true)
        }
    }

    @Test("A damaged zlib stream with correct CRCs: bad header, bad stored block, bad filter type")
    func damagedStream() throws {
        let stream = Self.png.zlibStream(Self.png.filteredRows())
        var badHeader = stream
        badHeader[1] ^= 0x01
        try Self.expectDeclined(Self.png.encoded(stream: badHeader), .damaged, "zlib header check")
        var badBlock = stream
        badBlock[4] ^= 0x01  // LEN no longer matches NLEN
        try Self.expectDeclined(Self.png.encoded(stream: badBlock), .damaged, "stored block length")
        for row in [0, 4, Self.png.height - 1] {
            var rows = Self.png.filteredRows()
            rows[row * (Self.png.width * 3 + 1)] = 5
            try Self.expectDeclined(Self.png.encoded(stream: Self.png.zlibStream(rows)), .damaged, "filter type 5 in row \(row)")
        }
    }

    @Test("Lying dimensions: more or fewer rows than the data holds")
    func lyingDimensions() throws {
        for height in [Self.png.height + 1, Self.png.height - 1, 1000] {
            var liar = Self.png
            liar.height = height
            let data = liar.encoded(stream: Self.png.zlibStream(Self.png.filteredRows()))
            try Self.expectDeclined(data, .damaged, "height \(height) for \(Self.png.height) rows")
        }
        var wider = Self.png
        wider.width += 1
        try Self.expectDeclined(wider.encoded(stream: Self.png.zlibStream(Self.png.filteredRows())), .damaged, "one column more")
    }

    @Test("A missing Adler-32, or data after the zlib stream: declined, libpng decides")
    func streamEnd() throws {
        let stream = Self.png.zlibStream(Self.png.filteredRows())
        try Self.expectDeclined(Self.png.encoded(stream: Array(stream.dropLast(4))), .damaged, "no Adler-32")
        try Self.expectDeclined(Self.png.encoded(stream: stream + [0, 0, 0]), .damaged, "3 bytes after the stream")
    }

    @Test("An IDAT chunk over libpng's size limit is refused, as libpng refuses it")
    func oversizedIDAT() throws {
        let tiny = FilteredPNG(width: 1, height: 1, colourType: 2, filters: [0], idatChunkSize: 10 << 20)
        let stream = tiny.zlibStream(tiny.filteredRows()) + [UInt8](repeating: 0, count: 9 << 20)
        let data = tiny.encoded(stream: stream)
        try Self.expectDeclined(data, .damaged, "9 MiB IDAT chunk for a 1×1 image")
        let error = #expect(throws: PhotoSourceError.self) { _ = try ImageDecoder.decodeFull(data) }
        #expect(error?.code == .invalidData)
    }

    @Test("Unusual structure goes to libpng: IDAT split by another chunk, an unknown critical chunk, no IEND, IEND with data")
    func unusualStructure() throws {
        let data = Self.png.encoded()
        let chunks = Self.chunkOffsets(data)
        let secondIDAT = try #require(chunks.filter { $0.type == "IDAT" }.dropFirst().first)
        let text = PNGFixtures.chunkStream(signature: false, [("tEXt", Array("Comment\0x".utf8))])
        let split = Data(data.prefix(secondIDAT.offset) + text + data.dropFirst(secondIDAT.offset))
        try Self.expectDeclined(split, .unsupported, "IDAT split by tEXt")

        let critical = Data(PNGFixtures.insertingChunk("ABCD", [1, 2], into: data, corruptCRC: false))
        try Self.expectDeclined(critical, .unsupported, "unknown critical chunk")

        let iend = try #require(chunks.last)
        try Self.expectDeclined(data.prefix(iend.offset), .damaged, "no IEND")
        let iendWithData = data.prefix(iend.offset) + PNGFixtures.chunkStream(signature: false, [("IEND", [0])])
        try Self.expectDeclined(Data(iendWithData), .unsupported, "IEND with data")
    }

    @Test("A zlib window smaller than the image data is left to zlib; one that holds it all is fine")
    func smallWindow() throws {
        var small = Self.png
        small.windowBits = 0  // 256 bytes, less than 9 rows of 70
        try Self.expectDeclined(small.encoded(), .unsupported, "256-byte window")
        var fits = FilteredPNG(width: 5, height: 4, colourType: 6, filters: [4, 3])
        fits.windowBits = 0  // 4 × 21 bytes fit in 256
        try Fast.expectIdentical(fits.encoded(), "window holds the image")
    }
}
