import Testing
@testable import PhotoImaging

@Suite("Orientation")
struct OrientationTests {
    /// A 3×2 image whose pixel values are their stored index 0…5.
    let stored = PixelBuffer(width: 3, height: 2, channels: 1, pixels: [0, 1, 2, 3, 4, 5])

    @Test("Each orientation maps stored pixels to their upright place", arguments: [
        (ExifOrientation.up, 3, [0, 1, 2, 3, 4, 5] as [UInt8]),
        (.upMirrored, 3, [2, 1, 0, 5, 4, 3]),
        (.down, 3, [5, 4, 3, 2, 1, 0]),
        (.downMirrored, 3, [3, 4, 5, 0, 1, 2]),
        (.leftMirrored, 2, [0, 3, 1, 4, 2, 5]),
        (.right, 2, [3, 0, 4, 1, 5, 2]),
        (.rightMirrored, 2, [5, 2, 4, 1, 3, 0]),
        (.left, 2, [2, 5, 1, 4, 0, 3]),
    ])
    func mapping(orientation: ExifOrientation, width: Int, expected: [UInt8]) {
        let upright = stored.oriented(orientation)
        #expect(upright.width == width)
        #expect(upright.pixels == expected)
    }
}
