import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("JPEG decoding")
struct JPEGDecoderTests {
    @Test("Baseline and progressive JPEGs decode close to their source", arguments: [false, true])
    func colour(progressive: Bool) throws {
        let source = SyntheticImages.gradient(width: 64, height: 48)
        let data = try ImageEncoder.jpeg(source, quality: 95, progressive: progressive)

        let decoded = try ImageDecoder.decodeFull(data)

        #expect(decoded.width == 64 && decoded.height == 48 && decoded.channels == 3)
        #expect(ImageMetrics.lumaPSNR(decoded, source) > 38)
    }

    @Test("Gray JPEGs decode to RGB with equal channels")
    func gray() throws {
        let gray = PixelBuffer(width: 32, height: 16, channels: 1, pixels: (0 ..< 512).map { UInt8($0 % 32 * 8) })
        let data = try ImageEncoder.jpeg(gray, quality: 95)

        let decoded = try ImageDecoder.decodeFull(data)

        #expect(decoded.channels == 3)
        for index in stride(from: 0, to: decoded.pixels.count, by: 3) {
            #expect(decoded.pixels[index] == decoded.pixels[index + 1] && decoded.pixels[index] == decoded.pixels[index + 2])
        }
        #expect(ImageMetrics.lumaPSNR(decoded, gray) > 35)
    }

    @Test("CMYK (Adobe inverted, YCCK) JPEGs decode to RGB")
    func cmyk() throws {
        // Inverted CMYK as libjpeg-turbo stores it: 255 = no ink, so R = C·K/255.
        let colours: [(cmyk: [UInt8], rgb: [Int])] = [
            ([255, 255, 255, 255], [255, 255, 255]),  // no ink: white
            ([0, 255, 255, 255], [0, 255, 255]),      // full cyan
            ([255, 255, 0, 255], [255, 255, 0]),      // full yellow
            ([255, 255, 255, 128], [128, 128, 128]),  // half black
        ]
        var samples: [UInt8] = []
        for y in 0 ..< 32 { for x in 0 ..< 32 { samples += colours[(y / 16) * 2 + x / 16].cmyk } }
        let data = try JPEGEncoder.compress(samples, width: 32, height: 32, layout: .cmyk, quality: 98, progressive: false)

        let decoded = try ImageDecoder.decodeFull(data)

        #expect(decoded.channels == 3)
        for (index, colour) in colours.enumerated() {
            let sample = ImageMetrics.rgb(decoded, (index % 2) * 16 + 8, (index / 2) * 16 + 8)
            #expect(ImageMetrics.close(sample, colour.rgb, tolerance: 8), "\(sample) vs \(colour.rgb)")
        }
    }

    @Test("Shrink-on-load picks the smallest of 1/8, 1/4, 1/2 that stays 1.5× above the target, else full size", arguments: [
        (4000, 3000, 256, 500, 375),   // 1/8 is enough
        (1600, 1200, 256, 400, 300),   // 1/4: 1/8 would give 200 < 1.5 × 256
        (1000, 800, 600, 1000, 800),   // 1/2 would be 500 < 900; 5/8 is no longer used
        (300, 200, 256, 300, 200),     // 7/8 is no longer used: full size
        (200, 150, 256, 200, 150),     // smaller than the target: full size
    ])
    func shrinkFactor(width: Int, height: Int, target: Int, expectedWidth: Int, expectedHeight: Int) {
        let plan = ResizePlan(fitting: PixelSize(width: width, height: height), longSide: target)
        let scaled = JPEGDecoder.scaledSize(width: width, height: height, plan: plan)
        #expect(scaled == (expectedWidth, expectedHeight))
    }

    @Test("Shrink-on-load output matches the target size exactly")
    func shrunkDecode() throws {
        let data = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 800, height: 600), quality: 90)
        let decoded = try ImageDecoder.decode(data, targetLongSide: 120)
        #expect(decoded.width == 120 && decoded.height == 90)
    }

    @Test("A JPEG cut short is an error, never a gray-padded image")
    func truncated() throws {
        let data = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 256, height: 192), quality: 90)
        for length in [data.count / 3, data.count / 2, data.count - 200, data.count - 2] {
            let error = #expect(throws: PhotoSourceError.self) {
                _ = try ThumbnailRenderer.render(data.prefix(length), spec: ThumbnailSpec(maxPixelSize: 64))
            }
            #expect(error?.code == .invalidData, "cut at \(length) of \(data.count)")
            #expect(error?.detail?.isEmpty == false)
        }
    }

    @Test("Progressive JPEGs with more scans than the limit are refused")
    func scanLimit() throws {
        let data = try ImageEncoder.jpeg(SyntheticImages.gradient(width: 64, height: 64), progressive: true)
        let scans = data.withUnsafeBytes { JPEGScanCounter.countScans($0, limit: 1000) }
        #expect(scans > 3)

        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ImageDecoder.decodeFull(data, limits: ImageLimits(maxProgressiveScans: scans - 1))
        }
        #expect(error?.code == .tooLarge)
        #expect(try ImageDecoder.decodeFull(data, limits: ImageLimits(maxProgressiveScans: scans)).width == 64)
    }

    @Test("Progressive JPEGs whose decode needs more than the whole-image cap are refused before decoding; baseline ones are not")
    func wholeImageCapProgressive() throws {
        let image = SyntheticImages.gradient(width: 64, height: 64)
        let progressive = try ImageEncoder.jpeg(image, progressive: true)  // quality 80: 4:2:0
        let baseline = try ImageEncoder.jpeg(image)
        // 2 bytes a pixel per full-resolution component (Y + quarter Cb + quarter Cr = 1.5), plus
        // the 32×32 RGB output of the 1/2-scale decode (1/4 would leave less than 1.5× the 16 px target).
        let coefficients: Int64 = 64 * 64 * 3  // 1.5 components × 2 bytes a pixel
        let output: Int64 = 32 * 32 * 3
        let cost = coefficients + output
        let capped = ImageLimits(maxWholeImageBytes: cost - 1)

        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(progressive, spec: ThumbnailSpec(maxPixelSize: 16), limits: capped)
        }

        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("progressive JPEG is 64×64 pixels") == true)
        #expect(try ThumbnailRenderer.render(baseline, spec: ThumbnailSpec(maxPixelSize: 16), limits: capped).pixelSize.width == 16)
        #expect(try ThumbnailRenderer.render(progressive, spec: ThumbnailSpec(maxPixelSize: 16),
                                             limits: ImageLimits(maxWholeImageBytes: cost)).pixelSize.width == 16)
    }

    @Test("Baseline JPEGs have one scan")
    func baselineScans() throws {
        let data = try ImageEncoder.jpeg(SyntheticImages.gradient(width: 64, height: 64))
        #expect(data.withUnsafeBytes { JPEGScanCounter.countScans($0, limit: 10) } == 1)
    }
}
