import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

/// The planar JPEG path (YCbCr planes decoded raw, resampled one by one, encoded raw) against
/// the pixel path it replaces, and every case that must fall back to the pixel path.
@Suite("ThumbnailRenderer planar JPEG path")
struct PlanarThumbnailTests {
    /// A 4:2:0 photo-like JPEG (quality 85) that a 128 px thumbnail decodes at 1/4.
    static let photo: Data = try! ImageEncoder.jpeg(SyntheticImages.photographic(width: 768, height: 512), quality: 85)
    static let spec = ThumbnailSpec(maxPixelSize: 128, format: .jpeg, quality: 80)

    /// What the pixel path resamples for `data` before encoding: RGB at the plan, upright.
    static func pixelPath(_ data: Data, spec: ThumbnailSpec) throws -> PixelBuffer {
        let header = try ImageDecoder.checkedHeader(data, limits: .default)
        let plan = ResizePlan(header: header, spec: spec)
        return try ImageDecoder.decode(data, header: header, plan: plan, limits: .default).oriented(header.orientation)
    }

    /// Full decode + pure Lanczos-3 to the thumbnail's size (run.sh's reference).
    static func reference(_ data: Data, spec: ThumbnailSpec) throws -> PixelBuffer {
        let header = try ImageDecoder.checkedHeader(data, limits: .default)
        let plan = ResizePlan(header: header, spec: spec)
        return try ImageDecoder.decodeFull(data).resized(to: plan, exact: true)
    }

    static func path(_ data: Data, _ spec: ThumbnailSpec, limits: ImageLimits = .default) throws -> ThumbnailRenderer.Path {
        try ThumbnailRenderer.renderReportingPath(data, spec: spec, limits: limits).path
    }

    @Test("A 4:2:0 JPEG thumbnail takes the planar path and stays within a few levels of the pixel path")
    func matchesPixelPath() throws {
        // When
        let (thumbnail, path) = try ThumbnailRenderer.renderReportingPath(Self.photo, spec: Self.spec, limits: .default)
        let planar = try ImageDecoder.decodeFull(thumbnail.data)
        let pixels = try Self.pixelPath(Self.photo, spec: Self.spec)

        // Then
        #expect(path == .planes)
        #expect(thumbnail.pixelSize == PixelSize(width: 128, height: 85))
        #expect(try ImageHeader.read(thumbnail.data).format == .jpeg)
        let differences = zip(planar.pixels, pixels.pixels).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 1.5, "mean difference \(mean)")
        #expect(differences.max() ?? 0 <= 24, "max difference \(differences.max() ?? 0)")
        #expect(ImageMetrics.lumaPSNR(planar, pixels) > 40)
    }

    @Test("The planar JPEG's luma is at least as close to full decode + Lanczos-3 as the pixel path's JPEG",
          arguments: [(768, 512), (1000, 750), (601, 999)])
    func qualityNotWorse(width: Int, height: Int) throws {
        let data = try ImageEncoder.jpeg(SyntheticImages.photographic(width: width, height: height), quality: 88)
        let reference = try Self.reference(data, spec: Self.spec)

        // When
        let (planar, path) = try ThumbnailRenderer.renderReportingPath(data, spec: Self.spec, limits: .default)
        let viaPixels = try ImageEncoder.jpeg(try Self.pixelPath(data, spec: Self.spec), quality: Self.spec.quality)

        // Then
        #expect(path == .planes)
        let planarPSNR = ImageMetrics.lumaPSNR(try ImageDecoder.decodeFull(planar.data), reference)
        let pixelPSNR = ImageMetrics.lumaPSNR(try ImageDecoder.decodeFull(viaPixels), reference)
        #expect(planarPSNR >= pixelPSNR - 0.05, "planar \(planarPSNR) dB, pixels \(pixelPSNR) dB")
    }

    @Test("Progressive, 4:4:4, odd-sized and square-filled JPEGs take the planar path too")
    func planarVariants() throws {
        let image = SyntheticImages.photographic(width: 640, height: 427)
        let progressive = try ImageEncoder.jpeg(image, quality: 85, progressive: true)
        let full = try ImageEncoder.jpeg(image, quality: 95)  // written 4:4:4
        let square = ThumbnailSpec(maxPixelSize: 100, fit: .squareFill, format: .jpeg)

        for (data, spec, size) in [(progressive, Self.spec, PixelSize(width: 128, height: 85)),
                                   (full, Self.spec, PixelSize(width: 128, height: 85)),
                                   (Self.photo, square, PixelSize(width: 100, height: 100))] {
            // When
            let (thumbnail, path) = try ThumbnailRenderer.renderReportingPath(data, spec: spec, limits: .default)

            // Then
            #expect(path == .planes)
            #expect(thumbnail.pixelSize == size)
            let decoded = try ImageDecoder.decodeFull(thumbnail.data)
            #expect(ImageMetrics.lumaPSNR(decoded, try Self.pixelPath(data, spec: spec)) > 38)
        }
    }

    @Test("Cases the planar path does not fit fall back to the pixel path")
    func fallbacks() throws {
        let gray = try ImageEncoder.jpeg(PixelBuffer(width: 512, height: 512, channels: 1, pixels: (0 ..< 512 * 512).map { UInt8($0 % 251) }))
        var cmykSamples = [UInt8]()
        for index in 0 ..< 512 * 512 { cmykSamples += [UInt8(index % 200), 128, 60, 230] }
        let cmyk = try JPEGEncoder.compress(cmykSamples, width: 512, height: 512, layout: .cmyk, quality: 85, progressive: false)
        let small = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 160, height: 120), quality: 85)

        // PNG output, JPEG output at quality 90+ (written 4:4:4), gray, CMYK, a decode at full size.
        #expect(try Self.path(Self.photo, ThumbnailSpec(maxPixelSize: 128, format: .png)) == .pixels)
        #expect(try Self.path(Self.photo, ThumbnailSpec(maxPixelSize: 128, format: .jpeg, quality: 90)) == .pixels)
        #expect(try Self.path(gray, Self.spec) == .pixels)
        #expect(try Self.path(cmyk, Self.spec) == .pixels)
        #expect(try Self.path(small, Self.spec) == .pixels)
        // The same photo through the planar path, for contrast.
        #expect(try Self.path(Self.photo, Self.spec) == .planes)
    }

    @Test("A turned image with an odd thumbnail side falls back; an even-sided one stays planar")
    func turnedOddSides() throws {
        let stored = SyntheticImages.photographic(width: 512, height: 768)
        let odd = try ImageEncoder.jpeg(stored, quality: 85, orientation: .right)  // 128×85 upright, odd height
        let even = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 512, height: 640), quality: 85, orientation: .right)

        let (oddThumbnail, oddPath) = try ThumbnailRenderer.renderReportingPath(odd, spec: Self.spec, limits: .default)
        let (evenThumbnail, evenPath) = try ThumbnailRenderer.renderReportingPath(even, spec: Self.spec, limits: .default)

        #expect(oddPath == .pixels)
        #expect(oddThumbnail.pixelSize == PixelSize(width: 128, height: 85))
        #expect(evenPath == .planes)
        #expect(evenThumbnail.pixelSize == PixelSize(width: 128, height: 102))
    }

    @Test("Every EXIF orientation comes out upright through the planes", arguments: ExifOrientation.allCases)
    func orientation(_ orientation: ExifOrientation) throws {
        let (width, height) = orientation.swapsDimensions ? (384, 512) : (512, 384)
        let corners = try #require(ThumbnailRendererTests.storedCorners[orientation])
        let stored = SyntheticImages.quadrants(width: width, height: height, colours: corners)
        let data = try ImageEncoder.jpeg(stored, quality: 85, orientation: orientation)

        // When
        let (thumbnail, path) = try ThumbnailRenderer.renderReportingPath(data, spec: Self.spec, limits: .default)

        // Then
        #expect(path == .planes)
        #expect(thumbnail.pixelSize == PixelSize(width: 128, height: 96))
        #expect(try ImageHeader.read(thumbnail.data).orientation == .up)
        let image = try ImageDecoder.decodeFull(thumbnail.data)
        let expected = [ThumbnailRendererTests.red, ThumbnailRendererTests.green, ThumbnailRendererTests.blue, ThumbnailRendererTests.yellow]
        for ((x, y), colour) in zip([(10, 10), (117, 10), (10, 85), (117, 85)], expected) {
            let sample = ImageMetrics.rgb(image, x, y)
            #expect(ImageMetrics.close(sample, colour.map(Int.init), tolerance: 30), "(\(x), \(y)): \(sample)")
        }
        // Exactly what the pixel path makes of it, within JPEG noise.
        #expect(ImageMetrics.lumaPSNR(image, try Self.pixelPath(data, spec: Self.spec)) > 35)
    }

    @Test("The planar path honours failOn like the pixel path: stray header bytes pass, damaged data does not")
    func warningsPolicy() throws {
        let clean = Self.photo
        let end = 4 + Int(clean[4]) << 8 + Int(clean[5])  // after APP0
        let stray = clean.prefix(end) + Data([0x12, 0x34, 0x56]) + clean.dropFirst(end)
        let truncated = clean.prefix(clean.count * 2 / 3)

        // Stray bytes: accepted under .error (exact pixels of the clean file), refused under .warning.
        let (accepted, path) = try ThumbnailRenderer.renderReportingPath(stray, spec: Self.spec, limits: .default)
        #expect(path == .planes)
        #expect(accepted.data == (try ThumbnailRenderer.render(clean, spec: Self.spec)).data)
        let strict = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(stray, spec: Self.spec, limits: ImageLimits(failOn: .warning))
        }
        #expect(strict?.code == .invalidData)
        #expect(strict?.detail?.contains("extraneous bytes before marker") == true)
        // Truncated: refused by default, with the pixel path's message; accepted under .none.
        let error = #expect(throws: PhotoSourceError.self) { _ = try ThumbnailRenderer.render(truncated, spec: Self.spec) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("truncated") == true, "\(error?.message ?? "")")
        #expect(try Self.path(truncated, Self.spec, limits: ImageLimits(failOn: .none)) == .planes)
    }

    @Test("A gray plane resampled four rows at a time matches the streaming resampler")
    func planeResamplerMatchesStreaming() throws {
        let gray = PixelBuffer(width: 301, height: 203, channels: 1, pixels: (0 ..< 301 * 203).map { UInt8(truncatingIfNeeded: $0 &* 37 % 253) })
        let plan = ResizePlan(width: 97, height: 61, squareCrop: false)
        let streamed = gray.resized(to: plan, exact: true)

        // When
        let horizontal = ResampleWeights(inputSize: 301, outputSize: 97)
        let vertical = ResampleWeights(inputSize: 203, outputSize: 61)
        let floats = gray.pixels.withUnsafeBufferPointer { pixels in
            PlaneResampler.resample(
                pixels.baseAddress!, stride: 301, crop: PixelRect(x: 0, y: 0, width: 301, height: 203),
                horizontal: horizontal, vertical: vertical)
        }
        let planar = YCbCrImage.rounded(floats, width: 97, height: 61)

        // Then
        let differences = zip(planar.pixels, streamed.pixels).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 0 <= 1)
    }
}
