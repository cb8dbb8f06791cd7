import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("PNG decoding")
struct PNGDecoderTests {
    @Test("Every colour type, bit depth, tRNS and interlace decodes exactly", arguments: PNGMatrixCase.all)
    func matrix(_ fixture: PNGMatrixCase) throws {
        let data = try fixture.encoded()

        let decoded = try ImageDecoder.decodeFull(data)

        let expected = fixture.expected()
        #expect(decoded.channels == expected.channels)
        #expect(decoded.width == PNGMatrixCase.width && decoded.height == PNGMatrixCase.height)
        #expect(decoded.pixels == expected.pixels)
        #expect(try ImageHeader.read(data).hasAlpha == (expected.channels == 4))
    }

    @Test("Every matrix case also thumbnails, keeping alpha as PNG", arguments: PNGMatrixCase.all)
    func matrixThumbnail(_ fixture: PNGMatrixCase) throws {
        let thumbnail = try ThumbnailRenderer.render(try fixture.encoded(), spec: ThumbnailSpec(maxPixelSize: 6))

        #expect(thumbnail.pixelSize == PixelSize(width: 6, height: 5))
        #expect(thumbnail.format == (fixture.expected().channels == 4 ? .png : .jpeg))
        #expect(try ImageHeader.read(thumbnail.data).encodedSize == thumbnail.pixelSize)
    }

    @Test("Interlaced PNGs larger than the whole-image cap are refused; the same image non-interlaced streams")
    func wholeImageCapInterlaced() throws {
        let interlaced = PNGMatrixCase(colourType: 2, bitDepth: 8, transparency: false, interlaced: true)
        let plain = PNGMatrixCase(colourType: 2, bitDepth: 8, transparency: false, interlaced: false)
        // Read whole as 8-bit RGB: 3 bytes a pixel.
        let capped = ImageLimits(maxWholeImageBytes: Int64(PNGMatrixCase.width * PNGMatrixCase.height * 3) - 1)
        let spec = ThumbnailSpec(maxPixelSize: 6)

        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(try interlaced.encoded(), spec: spec, limits: capped)
        }

        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("interlaced PNG") == true)
        #expect(try ThumbnailRenderer.render(try plain.encoded(), spec: spec, limits: capped).pixelSize.width == 6)
    }

    @Test("A PNG cut short anywhere after its header is invalid data")
    func truncated() throws {
        let data = try PNGMatrixCase(colourType: 2, bitDepth: 8, transparency: false, interlaced: false).encoded()
        for length in [40, data.count / 2, data.count - 13, data.count - 1] {
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageDecoder.decodeFull(data.prefix(length)) }
            #expect(error?.code == .invalidData, "cut at \(length) of \(data.count)")
            #expect(error?.detail?.isEmpty == false)
        }
    }

    @Test("A CRC error in image data is fatal under every failOn setting", arguments: DecodeFailOn.allCases)
    func badCRC(failOn: DecodeFailOn) throws {
        let image = try ImageEncoder.png(SyntheticImages.gradient(width: 16, height: 16))
        var corruptData = [UInt8](image)
        corruptData[corruptData.count - 12 - 1] ^= 0x01  // last byte of the IDAT CRC (IEND is 12 bytes)

        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ImageDecoder.decodeFull(Data(corruptData), limits: ImageLimits(failOn: failOn))
        }

        #expect(error?.code == .invalidData)
        #expect(error?.detail?.lowercased().contains("crc") == true, "\(error?.detail ?? "")")
    }

    @Test("An intact ancillary chunk is fine")
    func goodAncillaryChunk() throws {
        let image = try ImageEncoder.png(SyntheticImages.gradient(width: 16, height: 16))
        let withText = PNGFixtures.insertingChunk("tEXt", Array("Comment\0hello".utf8), into: image, corruptCRC: false)
        #expect(try ImageDecoder.decodeFull(Data(withText)) == ImageDecoder.decodeFull(image))
    }

    @Test("Streaming keeps only a few rows however tall the source")
    func boundedMemory() {
        let resampler = StreamingResampler(sourceWidth: 20000, sourceHeight: 20000, channels: 3, outputWidth: 256, outputHeight: 256)
        #expect(resampler.bufferedRowCount <= 8)
        #expect(PNGDecoder.rowsPerBatch <= 16)
    }

    @Test("A large sparse PNG streams down to its thumbnail")
    func largeSparse() throws {
        let side = 1500
        let data = try PNGEncoder.encode(PNGWriteSpec(
            width: side, height: side, bitDepth: 1, colourType: 0,
            rows: [UInt8](repeating: 0xFF, count: (side + 7) / 8 * side), rowBytes: (side + 7) / 8, compressionLevel: 9))

        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 64, format: .png))

        let pixels = try ImageDecoder.decodeFull(thumbnail.data)
        #expect(thumbnail.pixelSize == PixelSize(width: 64, height: 64))
        #expect(pixels.pixels.allSatisfy { $0 == 255 })
    }
}
