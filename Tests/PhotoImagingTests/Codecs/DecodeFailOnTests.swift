import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("Decoding policy (ImageLimits.failOn)")
struct DecodeFailOnTests {
    static let clean: Data = try! ImageEncoder.jpeg(SyntheticImages.photographic(width: 96, height: 64), quality: 90)

    /// `clean` with three stray bytes after its first header segment (APP0, JFIF) (libjpeg: "3
    /// extraneous bytes before marker 0xdb").
    static var strayHeaderBytes: Data {
        #expect(clean[3] == 0xE0)
        let end = 4 + Int(clean[4]) << 8 + Int(clean[5])
        return clean.prefix(end) + Data([0x12, 0x34, 0x56]) + clean.dropFirst(end)
    }

    /// `clean` with an EOI marker written over the middle of its entropy-coded data: a scan that
    /// ends early (libjpeg: "premature end of data segment"), but not a truncated file.
    static var corruptScan: Data {
        var bytes = [UInt8](clean)
        let start = scanDataStart(bytes)
        let middle = start + (bytes.count - 2 - start) / 2
        bytes[middle] = 0xFF
        bytes[middle + 1] = 0xD9
        return Data(bytes)
    }

    static func scanDataStart(_ bytes: [UInt8]) -> Int {
        let sos = (0 ..< bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
        return sos + 2 + Int(bytes[sos + 2]) << 8 + Int(bytes[sos + 3])
    }

    static func decode(_ data: Data, _ failOn: DecodeFailOn) throws -> PixelBuffer {
        try ImageDecoder.decodeFull(data, limits: ImageLimits(failOn: failOn))
    }

    @Test("The default is .error")
    func defaultPolicy() {
        #expect(ImageLimits.default.failOn == .error)
    }

    @Test("A JPEG with stray bytes before a header marker decodes to the clean file's exact pixels",
          arguments: [DecodeFailOn.none, .truncated, .error])
    func strayHeaderBytesAccepted(failOn: DecodeFailOn) throws {
        #expect(try Self.decode(Self.strayHeaderBytes, failOn) == Self.decode(Self.clean, .warning))
        let thumbnail = try ThumbnailRenderer.render(Self.strayHeaderBytes, spec: ThumbnailSpec(maxPixelSize: 32))
        #expect(thumbnail.pixelSize == PixelSize(width: 32, height: 21))
    }

    @Test("failOn .warning refuses the stray-bytes JPEG, naming libjpeg's warning")
    func strayHeaderBytesStrict() {
        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(Self.strayHeaderBytes, .warning) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains(".warning") == true)
        #expect(error?.detail?.contains("extraneous bytes before marker") == true, "\(error?.detail ?? "")")
    }

    @Test("A truncated JPEG is refused as truncated unless failOn is .none", arguments: [DecodeFailOn.truncated, .error, .warning])
    func truncatedRefused(failOn: DecodeFailOn) {
        let cut = Self.clean.prefix(Self.clean.count * 2 / 3)
        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(cut, failOn) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("truncated") == true)
        #expect(error?.detail?.contains("Premature end of JPEG file") == true, "\(error?.detail ?? "")")
    }

    @Test("failOn .none returns a truncated JPEG padded (whole size)")
    func truncatedAcceptedByNone() throws {
        let decoded = try Self.decode(Self.clean.prefix(Self.clean.count * 2 / 3), .none)
        #expect(decoded.width == 96 && decoded.height == 64)
    }

    @Test("A JPEG whose scan data is damaged is refused as corrupt by .error and .warning", arguments: [DecodeFailOn.error, .warning])
    func corruptRefused(failOn: DecodeFailOn) {
        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(Self.corruptScan, failOn) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("corrupt") == true)
        #expect(error?.detail?.contains("Corrupt JPEG data") == true, "\(error?.detail ?? "")")
    }

    @Test("failOn .truncated accepts damaged scan data that is not truncated")
    func corruptAcceptedByTruncated() throws {
        #expect(try Self.decode(Self.corruptScan, .truncated).width == 96)
    }

    @Test("A PNG with a bad CRC on an ancillary chunk decodes to the clean pixels; .warning refuses it")
    func pngAncillaryCRC() throws {
        let image = try ImageEncoder.png(SyntheticImages.gradient(width: 16, height: 16))
        let withText = Data(PNGFixtures.insertingChunk("tEXt", Array("Comment\0hello".utf8), into: image, corruptCRC: true))

        #expect(try Self.decode(withText, .error) == Self.decode(image, .warning))
        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(withText, .warning) }
        #expect(error?.code == .invalidData)
        #expect(error?.detail?.lowercased().contains("crc") == true, "\(error?.detail ?? "")")
    }

    @Test("A PNG with data after IEND decodes to the clean pixels; .warning refuses it")
    func pngTrailingData() throws {
        let image = try ImageEncoder.png(SyntheticImages.gradient(width: 16, height: 16))
        let trailing = image + Data("appended by an uploader".utf8)

        #expect(try Self.decode(trailing, .error) == Self.decode(image, .warning))
        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(trailing, .warning) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("after its end") == true)
    }

    @Test("A PNG chunk longer than the 8 MiB cap is refused before libpng allocates it, under every setting (fuzz regression)",
          arguments: DecodeFailOn.allCases)
    func pngOversizedChunk(failOn: DecodeFailOn) throws {
        let image = try ImageEncoder.png(SyntheticImages.gradient(width: 4, height: 4))
        // A tEXt chunk header declaring 600 MB, followed by a few bytes only.
        let bomb = Data(image.prefix(33)) + Data(PNGFixtures.be32(603_979_776) + Array("tEXtComment\0see".utf8))

        let error = #expect(throws: PhotoSourceError.self) { _ = try Self.decode(bomb, failOn) }

        #expect(error?.code == .invalidData)
        #expect(error?.detail?.contains("too large") == true, "\(error?.detail ?? "")")  // not "truncated"
    }

    @Test("An interlaced PNG with a bad ancillary CRC after its image data decodes too")
    func pngInterlacedAncillaryCRC() throws {
        let interlaced = try PNGMatrixCase(colourType: 2, bitDepth: 8, transparency: false, interlaced: true).encoded()
        var bytes = [UInt8](interlaced)
        // A tEXt chunk with a broken CRC just before IEND (the last 12 bytes).
        var chunk = PNGFixtures.chunkStream(signature: false, [("tEXt", Array("Comment\0late".utf8))])
        chunk[chunk.count - 1] ^= 0xFF
        bytes.insert(contentsOf: chunk, at: bytes.count - 12)

        #expect(try Self.decode(Data(bytes), .error) == Self.decode(interlaced, .warning))
        #expect(throws: PhotoSourceError.self) { _ = try Self.decode(Data(bytes), .warning) }
    }
}
