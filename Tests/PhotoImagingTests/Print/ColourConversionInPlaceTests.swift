import Foundation
import Testing
@testable import PhotoImaging

@Suite("Print files: the crop and the colour conversion in one pass, in place")
struct ColourConversionInPlaceTests {
    /// Noise-like pixels (every byte differs from its neighbours), so a row or pixel read from the
    /// wrong place, or overwritten before it was read, changes the result.
    static func noise(width: Int, height: Int) -> PixelBuffer {
        var state: UInt32 = 0x9E37_79B9
        let pixels = (0..<width * height * 3).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: pixels)
    }

    @Test("In place gives the bytes of cropping first and converting a copy",
          arguments: [(0, 0, 97, 61), (13, 7, 60, 40), (36, 20, 61, 41), (0, 30, 97, 31), (50, 0, 1, 61), (96, 60, 1, 1)])
    func sameAsCopy(x: Int, y: Int, width: Int, height: Int) throws {
        let image = Self.noise(width: 97, height: 61)
        let region = PixelRect(x: x, y: y, width: width, height: height)
        let conversion = try ColourConversion(profile: Data(MatrixProfile.adobeRGB.bytes), input: .rgb)
        // When
        let inPlace = conversion.convertInPlace(image, region: region)
        // Then
        let expected = conversion.convert(image.cropped(to: region))
        #expect(inPlace.width == width && inPlace.height == height && inPlace.channels == 3)
        #expect(inPlace.pixels == expected.pixels)
        // The conversion is not the identity: the test would notice a crop without a conversion.
        #expect(expected.pixels != image.cropped(to: region).pixels)
    }
}
