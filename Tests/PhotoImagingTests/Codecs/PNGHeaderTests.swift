import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("ImageHeader: PNG")
struct PNGHeaderTests {
    @Test("Size and alpha come from IHDR and tRNS", arguments: [
        (0, false), (2, false), (3, false), (4, true), (6, true),
    ])
    func alphaByColourType(colourType: Int, alpha: Bool) throws {
        let data = try PNGFixtures.solid(width: 7, height: 5, colourType: colourType)

        let header = try ImageHeader.read(data)

        #expect(header.format == .png)
        #expect(header.encodedSize == PixelSize(width: 7, height: 5))
        #expect(header.hasAlpha == alpha)
        #expect(header.orientation == .up)
        #expect(!header.isProgressive)
    }

    @Test("A tRNS chunk before the image data means alpha", arguments: [0, 2, 3])
    func transparencyChunk(colourType: Int) throws {
        let data = try PNGFixtures.solid(width: 4, height: 4, colourType: colourType, transparent: true)
        #expect(try ImageHeader.read(data).hasAlpha)
    }

    @Test("Only the first bytes are needed")
    func prefix() throws {
        let data = try PNGFixtures.solid(width: 300, height: 200, colourType: 2)
        #expect(try ImageHeader.read(data.prefix(33)).encodedSize == PixelSize(width: 300, height: 200))
    }

    @Test("A PNG cut inside its IHDR is invalid data")
    func truncated() throws {
        let data = try PNGFixtures.solid(width: 4, height: 4, colourType: 2)
        for length in 8 ..< 33 {
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(data.prefix(length)) }
            #expect(error?.code == .invalidData, "cut at \(length)")
        }
    }

    @Test("Zero sides, bad bit depths and a bad IHDR CRC are invalid data")
    func corrupt() {
        let cases: [[UInt8]] = [
            PNGFixtures.ihdr(width: 0, height: 10),
            PNGFixtures.ihdr(width: 10, height: 0),
            PNGFixtures.ihdr(width: 0x8000_0000, height: 1),
            PNGFixtures.ihdr(width: 10, height: 10, bitDepth: 16, colourType: 3),
            PNGFixtures.ihdr(width: 10, height: 10, bitDepth: 4, colourType: 2),
            PNGFixtures.ihdr(width: 10, height: 10, bitDepth: 8, colourType: 5),
            { var bytes = PNGFixtures.ihdr(width: 10, height: 10); bytes[32] ^= 0xFF; return bytes }(),
        ]
        for bytes in cases {
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(Data(bytes)) }
            #expect(error?.code == .invalidData)
        }
    }

    @Test("A huge declared size parses without allocating anything")
    func hugeDeclaredSize() throws {
        let header = try ImageHeader.read(Data(PNGFixtures.ihdr(width: 20000, height: 20000)))
        #expect(header.encodedSize == PixelSize(width: 20000, height: 20000))
    }
}
