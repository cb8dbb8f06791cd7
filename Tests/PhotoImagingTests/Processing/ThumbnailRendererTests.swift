import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("ThumbnailRenderer")
struct ThumbnailRendererTests {
    static let red: [UInt8] = [230, 20, 20], green: [UInt8] = [20, 220, 20]
    static let blue: [UInt8] = [20, 20, 230], yellow: [UInt8] = [235, 225, 20]

    /// Stored corner colours (TL, TR, BL, BR) that show red, green / blue, yellow upright.
    static let storedCorners: [ExifOrientation: [[UInt8]]] = [
        .up: [red, green, blue, yellow], .upMirrored: [green, red, yellow, blue],
        .down: [yellow, blue, green, red], .downMirrored: [blue, yellow, red, green],
        .leftMirrored: [red, blue, green, yellow], .right: [green, yellow, red, blue],
        .rightMirrored: [yellow, green, blue, red], .left: [blue, red, yellow, green],
    ]

    @Test("Every EXIF orientation comes out upright", arguments: ExifOrientation.allCases)
    func orientation(_ orientation: ExifOrientation) throws {
        let (width, height) = orientation.swapsDimensions ? (32, 48) : (48, 32)
        let stored = SyntheticImages.quadrants(width: width, height: height, colours: try #require(Self.storedCorners[orientation]))
        let data = try ImageEncoder.jpeg(stored, quality: 95, orientation: orientation)

        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 24, quality: 95))

        #expect(thumbnail.pixelSize == PixelSize(width: 24, height: 16))
        #expect(try ImageHeader.read(thumbnail.data).orientation == .up)
        let image = try ImageDecoder.decodeFull(thumbnail.data)
        for (x, y, colour) in [(2, 2, Self.red), (21, 2, Self.green), (2, 13, Self.blue), (21, 13, Self.yellow)] {
            let sample = ImageMetrics.rgb(image, x, y)
            #expect(ImageMetrics.close(sample, colour.map(Int.init), tolerance: 40), "(\(x), \(y)): \(sample)")
        }
    }

    @Test("A header claiming 65500×65500 is refused before any allocation")
    func hugeJPEGHeader() {
        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(JPEGHeaderBytes.jpeg(width: 65500, height: 65500), spec: ThumbnailSpec())
        }
        #expect(error?.code == .tooLarge)
    }

    @Test("A tiny PNG claiming 20000×20000 is refused by the default limits")
    func hugePNGHeader() throws {
        let bytes = PNGFixtures.ihdr(width: 20000, height: 20000, bitDepth: 1, colourType: 0)
            + PNGFixtures.chunkStream(signature: false, [("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), ("IEND", [])])
        let error = #expect(throws: PhotoSourceError.self) { _ = try ThumbnailRenderer.render(Data(bytes), spec: ThumbnailSpec()) }
        #expect(error?.code == .tooLarge)
    }

    @Test("The pixel cap is inclusive", arguments: [ImageFormat.jpeg, .png])
    func pixelCap(format: ImageFormat) throws {
        let image = SyntheticImages.gradient(width: 40, height: 25)
        let data = format == .jpeg ? try ImageEncoder.jpeg(image) : try ImageEncoder.png(image)

        #expect(try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 16), limits: ImageLimits(maxPixels: 1000)).pixelSize.width == 16)
        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 16), limits: ImageLimits(maxPixels: 999))
        }
        #expect(error?.code == .tooLarge)
    }

    @Test("The encoded-size cap applies before decoding")
    func byteCap() throws {
        let data = try ImageEncoder.png(SyntheticImages.gradient(width: 40, height: 25))
        let error = #expect(throws: PhotoSourceError.self) {
            _ = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(), limits: ImageLimits(maxEncodedBytes: data.count - 1))
        }
        #expect(error?.code == .tooLarge)
    }

    @Test("HTML served as a JPEG is an unsupported format")
    func htmlAsJPEG() {
        let html = Data("<!DOCTYPE html><html><body>Not found</body></html>".utf8)
        let error = #expect(throws: PhotoSourceError.self) { _ = try ThumbnailRenderer.render(html, spec: ThumbnailSpec()) }
        #expect(error?.code == .unsupportedFormat)
    }

    @Test("Small images are not upscaled", arguments: [ThumbnailSpec.Fit.fit, .squareFill])
    func noUpscale(fit: ThumbnailSpec.Fit) throws {
        let data = try ImageEncoder.png(SyntheticImages.gradient(width: 100, height: 80))
        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 256, fit: fit))
        #expect(thumbnail.pixelSize == (fit == .fit ? PixelSize(width: 100, height: 80) : PixelSize(width: 80, height: 80)))
    }

    @Test("Square fill crops the centre", arguments: [ImageFormat.jpeg, .png])
    func squareFill(format: ImageFormat) throws {
        var pixels: [UInt8] = []
        for _ in 0 ..< 100 { for x in 0 ..< 300 { pixels += x < 100 ? Self.red : x < 200 ? Self.green : Self.blue } }
        let image = PixelBuffer(width: 300, height: 100, channels: 3, pixels: pixels)
        let data = format == .jpeg ? try ImageEncoder.jpeg(image, quality: 95) : try ImageEncoder.png(image)

        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 50, fit: .squareFill, format: .png))

        #expect(thumbnail.pixelSize == PixelSize(width: 50, height: 50))
        #expect(thumbnail.format == .png)
        let decoded = try ImageDecoder.decodeFull(thumbnail.data)
        for (x, y) in [(0, 0), (49, 0), (0, 49), (49, 49), (25, 25)] {
            #expect(ImageMetrics.close(ImageMetrics.rgb(decoded, x, y), Self.green.map(Int.init), tolerance: 12))
        }
    }

    @Test("Output format follows the spec and alpha", arguments: [
        (ThumbnailSpec.Format.auto, 4, ImageFormat.png), (.auto, 3, .jpeg), (.jpeg, 4, .jpeg), (.png, 3, .png),
    ])
    func outputFormat(format: ThumbnailSpec.Format, channels: Int, expected: ImageFormat) throws {
        let data = try ImageEncoder.png(PixelBuffer(width: 20, height: 10, channels: channels,
                                                     pixels: [UInt8](repeating: 128, count: 200 * channels)))
        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 10, format: format))
        #expect(thumbnail.format == expected)
        #expect(ImageHeader.sniff(thumbnail.data) == expected)
        #expect(thumbnail.pixelSize == PixelSize(width: 10, height: 5))
    }
}
