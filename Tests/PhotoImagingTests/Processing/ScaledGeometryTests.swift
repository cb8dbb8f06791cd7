import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoImaging

/// Thumbnails of photographs whose size is not a multiple of the DCT scale's denominator.
@Suite("Geometry after DCT scaling")
struct ScaledGeometryTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Photos")

    @Test("a real 640×427 photograph thumbnails at ≥ 55 dB against a full decode + Lanczos-3")
    func realOddSizedPhoto() throws {
        let rocket = try Data(contentsOf: Self.photos.appendingPathComponent("rocket.jpg"))

        let thumbnail = try ThumbnailRenderer.render(rocket, spec: ThumbnailSpec(maxPixelSize: 256, format: .png))

        let reference = Resampler.lanczos(try ImageDecoder.decodeFull(rocket), fittingLongSide: 256)
        let decoded = try ImageDecoder.decodeFull(thumbnail.data)
        #expect(decoded.width == 256 && decoded.height == 171)
        let psnr = ImageMetrics.lumaPSNR(decoded, reference)
        #expect(psnr >= 55, "PSNR \(psnr) dB")
    }

    @Test("a half-size decode of 1001×667 (501×334 pixels standing for 500.5×333.5) keeps every output pixel in place")
    func fractionalExtent() {
        let full = SyntheticImages.photographic(width: 1001, height: 667)
        let half = Self.halved(full)
        let plan = ResizePlan(fitting: PixelSize(width: 1001, height: 667), longSide: 256)
        let reference = Resampler.lanczos(full, fittingLongSide: 256)

        let exact = half.resized(to: plan, extent: (500.5, 333.5))
        let naive = half.resized(to: plan)

        let exactPSNR = ImageMetrics.lumaPSNR(exact, reference), naivePSNR = ImageMetrics.lumaPSNR(naive, reference)
        #expect(exactPSNR >= naivePSNR + 1.5, "exact \(exactPSNR) dB, naive \(naivePSNR) dB")  // 57.4 vs 55.0 here
        #expect(exactPSNR >= 56, "exact \(exactPSNR) dB")
    }

    @Test("DCT scaling stops 1.5× above the output, at 1/2, 1/4 or 1/8 only")
    func scaleChoice() {
        let rocket = ResizePlan(fitting: PixelSize(width: 640, height: 427), longSide: 256)
        #expect(JPEGDecoder.scaledSize(width: 640, height: 427, plan: rocket) == (640, 427))
        let twelve = ResizePlan(fitting: PixelSize(width: 4000, height: 3000), longSide: 256)
        #expect(JPEGDecoder.scaledSize(width: 4000, height: 3000, plan: twelve) == (500, 375))
        let odd = ResizePlan(fitting: PixelSize(width: 1411, height: 1411), longSide: 256)
        #expect(JPEGDecoder.scaledSize(width: 1411, height: 1411, plan: odd) == (706, 706))
    }

    /// What a 1/2 DCT-scaled decode approximates: 2×2 box averages, the last row and column
    /// (half outside the image) repeating the edge.
    static func halved(_ image: PixelBuffer) -> PixelBuffer {
        let width = (image.width + 1) / 2, height = (image.height + 1) / 2, channels = image.channels
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for channel in 0 ..< channels {
                    var sum = 0
                    for dy in 0 ..< 2 {
                        for dx in 0 ..< 2 {
                            let sx = min(image.width - 1, 2 * x + dx), sy = min(image.height - 1, 2 * y + dy)
                            sum += Int(image.pixels[(sy * image.width + sx) * channels + channel])
                        }
                    }
                    pixels[(y * width + x) * channels + channel] = UInt8((sum + 2) / 4)
                }
            }
        }
        return PixelBuffer(width: width, height: height, channels: channels, pixels: pixels)
    }
}
