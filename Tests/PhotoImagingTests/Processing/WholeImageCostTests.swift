import Foundation
@testable import PhotoImaging
import PhotoSourceKit
import Testing

@Suite("Whole-image decode cost")
struct WholeImageCostTests {
    /// 64×64 at quality 95 (4:4:4), progressive.
    static func progressive(cmyk: Bool) throws -> Data {
        let samples = [UInt8]((0 ..< 64 * 64 * (cmyk ? 4 : 3)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        return try JPEGEncoder.compress(samples, width: 64, height: 64, layout: cmyk ? .cmyk : .rgb, quality: 95, progressive: true)
    }

    // Full-size decode: 2 bytes a pixel per component of coefficients, the decoded pixels, and
    // for CMYK the RGB copy.
    static let rgbCost: Int64 = 64 * 64 * (3 * 2 + 3)
    static let cmykCost: Int64 = 64 * 64 * (4 * 2 + 4 + 3)

    @Test("a progressive CMYK JPEG is admitted or refused by its real cost (4 components), not its pixel count")
    func cmykCountsComponents() throws {
        let cmyk = try Self.progressive(cmyk: true)
        let rgb = try Self.progressive(cmyk: false)
        let belowCMYK = ImageLimits(maxWholeImageBytes: Self.cmykCost - 1)

        let error = #expect(throws: PhotoSourceError.self) { _ = try ImageDecoder.decodeFull(cmyk, limits: belowCMYK) }

        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("progressive CMYK JPEG is 64×64 pixels") == true)
        #expect(try ImageDecoder.decodeFull(rgb, limits: belowCMYK).width == 64)  // same pixel count, 3 components
        #expect(try ImageDecoder.decodeFull(cmyk, limits: ImageLimits(maxWholeImageBytes: Self.cmykCost)).width == 64)
        #expect(throws: PhotoSourceError.self) {
            _ = try ImageDecoder.decodeFull(rgb, limits: ImageLimits(maxWholeImageBytes: Self.rgbCost - 1))
        }
    }

    @Test("the default cap admits an 8000×8000 4:2:0 progressive JPEG and refuses an 8000×8000 CMYK one")
    func defaultCapAtScale() {
        let limits = ImageLimits.default
        let decoded = PixelSize(width: 1000, height: 1000)  // a 1/8 shrink-on-load for a thumbnail
        let yuv420 = ImageLimits.wholeImageCost(
            retainedBytes: 8000 * 8000 * 3, decoded: decoded, outputChannels: 3, convertedChannels: 0)!
        let cmyk = ImageLimits.wholeImageCost(
            retainedBytes: 8000 * 8000 * 8, decoded: decoded, outputChannels: 4, convertedChannels: 3)!

        #expect(yuv420 <= limits.maxWholeImageBytes)
        #expect(cmyk > limits.maxWholeImageBytes)
    }

    @Test("the cost saturates instead of overflowing")
    func overflow() {
        #expect(ImageLimits.wholeImageCost(
            retainedBytes: .max - 1, decoded: PixelSize(width: 2, height: 2), outputChannels: 3, convertedChannels: 0) == nil)
    }
}
