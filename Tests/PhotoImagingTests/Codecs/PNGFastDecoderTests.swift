import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("PNG fast path (libdeflate) against libpng")
struct PNGFastDecoderTests {
    /// Decodes `data` through `path`, at full size or to a thumbnail of `longSide`.
    static func decode(_ data: Data, _ path: PNGDecoder.Path, longSide: Int? = nil, limits: ImageLimits = .default) throws -> PixelBuffer {
        let plan = ResizePlan(fitting: try ImageHeader.read(data).encodedSize, longSide: longSide)
        return try PNGDecoder.decode(data, plan: plan, limits: limits, path: path)
    }

    /// The fast path's own verdict, with SSE2 or portable unfiltering.
    static func fastOutcome(_ data: Data, longSide: Int? = nil, portable: Bool = false, limits: ImageLimits = .default) throws
        -> PNGFastDecoder.Outcome
    {
        let plan = ResizePlan(fitting: try ImageHeader.read(data).encodedSize, longSide: longSide)
        return try data.withUnsafeBytes { try PNGFastDecoder.decode($0, plan: plan, limits: limits, portableUnfilter: portable) }
    }

    static func decline(_ outcome: PNGFastDecoder.Outcome) -> PNGFastDecoder.Decline? {
        if case .declined(let decline) = outcome { return decline }
        return nil
    }

    /// Expects the fast path (SSE2 and portable) and libpng to return the same bytes, at full
    /// size and as a thumbnail, and the default path to take the fast path.
    static func expectIdentical(_ data: Data, _ comment: Comment) throws {
        for longSide in [nil, 5] {
            let reference = try decode(data, .libpng, longSide: longSide)
            #expect(try decode(data, .fast, longSide: longSide) == reference, comment)
            #expect(try decode(data, .automatic, longSide: longSide) == reference, comment)
            if case .decoded(let portable) = try fastOutcome(data, longSide: longSide, portable: true) {
                #expect(portable == reference, comment)
            } else {
                Issue.record("portable unfilter declined: \(comment)")
            }
        }
    }

    /// The same answer through the default path as through libpng: equal pixels, or the same
    /// error (code, message and libpng's detail).
    static func expectSameAnswer(_ data: Data, _ comment: Comment) {
        let automatic = Result { try ImageDecoder.decode(data, header: ImageHeader.read(data), plan: plan(data), limits: .default) }
        let libpng = Result { try decode(data, .libpng) }
        switch (automatic, libpng) {
        case (.success(let fast), .success(let reference)): #expect(fast == reference, comment)
        case (.failure(let fast as PhotoSourceError), .failure(let reference as PhotoSourceError)):
            #expect(fast.code == reference.code && fast.message == reference.message && fast.detail == reference.detail, comment)
        default: Issue.record("different outcomes: \(automatic) vs libpng \(libpng) — \(comment)")
        }
    }

    static func plan(_ data: Data) throws -> ResizePlan { ResizePlan(fitting: try ImageHeader.read(data).encodedSize, longSide: nil) }

    // MARK: - Identical pixels

    @Test("Every case of the codec matrix decodes to libpng's bytes; the fast path takes the 8-bit plain ones",
          arguments: PNGMatrixCase.all)
    func matrix(_ fixture: PNGMatrixCase) throws {
        let data = try fixture.encoded()
        let eligible = fixture.bitDepth == 8 && [0, 2, 4, 6].contains(fixture.colourType) && !fixture.transparency
            && !fixture.interlaced

        for longSide in [nil, 6] {
            #expect(try Self.decode(data, .automatic, longSide: longSide) == Self.decode(data, .libpng, longSide: longSide))
        }
        #expect(try Self.decline(Self.fastOutcome(data)) == nil ? eligible : !eligible)
        if eligible { try Self.expectIdentical(data, "\(fixture.testDescription)") }
        #expect(try ImageDecoder.decodeFull(data).pixels == fixture.expected().pixels)
    }

    @Test("Each filter type alone, and all mixed, at odd widths, 1×1 and widths not a multiple of 16, in every colour type",
          arguments: [0, 2, 4, 6])
    func filtersAndWidths(colourType: Int) throws {
        let filterSets: [[UInt8]] = [[0], [1], [2], [3], [4], [4, 3, 2, 1, 0], [2, 4, 1, 3]]
        for filters in filterSets {
            for (width, height) in [(1, 1), (1, 5), (2, 3), (7, 4), (15, 3), (17, 6), (33, 2), (100, 7)] {
                let png = FilteredPNG(width: width, height: height, colourType: colourType, filters: filters, idatChunkSize: 97)
                try Self.expectIdentical(png.encoded(), "filters \(filters) \(width)×\(height) type \(colourType)")
            }
        }
    }

    @Test("libpng-written files with each of its filters forced decode identically", arguments: [0x08, 0x10, 0x20, 0x40, 0x80])
    func libpngFilters(filter: Int) throws {
        for channels in [1, 3, 4] {
            let photo = SyntheticImages.photographic(width: 61, height: 37)
            var pixels: [UInt8] = []
            for index in stride(from: 0, to: photo.pixels.count, by: 3) {
                let rgb = Array(photo.pixels[index ..< index + 3])
                pixels += channels == 1 ? [rgb[0]] : channels == 3 ? rgb : rgb + [rgb[0] ^ 0x5A]
            }
            let image = PixelBuffer(width: 61, height: 37, channels: channels, pixels: pixels)
            try Self.expectIdentical(PNGEncoder.encode(image, filters: filter), "filter flag \(filter), \(channels) channels")
        }
    }

    @Test("A photo-sized image with a single IDAT chunk and one split in many decode identically")
    func largeImage() throws {
        let image = SyntheticImages.photographic(width: 641, height: 480)
        try Self.expectIdentical(PNGEncoder.encode(image), "libpng default chunks")
        let png = FilteredPNG(width: 641, height: 113, colourType: 6, filters: [4, 3, 1, 2], idatChunkSize: 1 << 20)
        try Self.expectIdentical(png.encoded(), "one IDAT chunk")
    }

    // MARK: - What the fast path declines

    @Test("Palette, 16-bit, low bit depths, tRNS, Adam7 and a suggested palette go to libpng")
    func unsupported() throws {
        for fixture in PNGMatrixCase.all where fixture.bitDepth != 8 || fixture.transparency || fixture.interlaced || fixture.colourType == 3 {
            #expect(try Self.decline(Self.fastOutcome(fixture.encoded()))?.kind == .unsupported, "\(fixture.testDescription)")
        }
        let rgb = FilteredPNG(width: 4, height: 4, colourType: 2, filters: [1])
        let suggestedPalette = rgb.encoded(extraChunks: [("PLTE", [1, 2, 3])])
        #expect(try Self.decline(Self.fastOutcome(suggestedPalette))?.kind == .unsupported)
        Self.expectSameAnswer(suggestedPalette, "PLTE in an RGB file")
    }

    @Test("Too large for the whole-image memory cap: libpng streams it to the same pixels")
    func overBudget() throws {
        let data = try PNGEncoder.encode(SyntheticImages.photographic(width: 64, height: 48))
        let capped = ImageLimits(maxWholeImageBytes: 48 * (64 * 3 + 1) - 1)

        #expect(try Self.decline(Self.fastOutcome(data, limits: capped))?.kind == .unsupported)
        #expect(try Self.decode(data, .automatic, longSide: 16, limits: capped) == Self.decode(data, .libpng, longSide: 16))
    }

    @Test("An ancillary chunk, even with a bad CRC, leaves the fast path on (libpng ignores it too)")
    func ancillaryChunks() throws {
        let png = FilteredPNG(width: 9, height: 5, colourType: 2, filters: [4])
        for corruptCRC in [false, true] {
            let data = Data(PNGFixtures.insertingChunk("gAMA", PNGFixtures.be32(45455), into: png.encoded(), corruptCRC: corruptCRC))
            #expect(try Self.decline(Self.fastOutcome(data)) == nil)
            try Self.expectIdentical(data, "gAMA, bad CRC: \(corruptCRC)")
        }
    }
}
