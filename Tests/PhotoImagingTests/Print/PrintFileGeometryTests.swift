import Foundation
import Testing
import PhotoSourceKit
@testable import PhotoImaging

@Suite("Print files: geometry")
struct PrintFileGeometryTests {
    static let red: [UInt8] = [230, 20, 20], green: [UInt8] = [20, 200, 20], blue: [UInt8] = [20, 20, 230], yellow: [UInt8] = [240, 230, 20]
    /// 400×300: red top-left, green top-right, blue bottom-left, yellow bottom-right (lossless PNG).
    let photo = try! ImageEncoder.png(SyntheticImages.quadrants(width: 400, height: 300, colours: [red, green, blue, yellow]))

    func render(_ spec: PrintFileSpec) throws -> PixelBuffer {
        try ImageDecoder.decodeFull(try PrintFileRenderer.render(photo, spec: spec).data)
    }

    func corners(_ image: PixelBuffer, inset: Int = 12) -> [[Int]] {
        [(inset, inset), (image.width - 1 - inset, inset), (inset, image.height - 1 - inset), (image.width - 1 - inset, image.height - 1 - inset)]
            .map { ImageMetrics.rgb(image, $0.0, $0.1) }
    }

    func expectCorners(_ image: PixelBuffer, _ expected: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) {
        for (got, want) in zip(corners(image), expected) {
            #expect(ImageMetrics.close(got, want.map(Int.init), tolerance: 12), "corner \(got) should be \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test("Fill crops a 4:3 photo to a landscape 6×4, centred, at its own pixels (never upscaled)")
    func fill() throws {
        let image = try render(PrintFileSpec(printSize: .inches(4, 6)))
        #expect(image.width == 400 && image.height == 267)
        expectCorners(image, [Self.red, Self.green, Self.blue, Self.yellow])
    }

    @Test("Rotation turns the crop clockwise after cropping", arguments: [
        (PrintFileSpec.Rotation.clockwise90, [blue, red, yellow, green]),
        (.half, [yellow, blue, green, red]),
        (.clockwise270, [green, yellow, red, blue]),
    ])
    func rotation(_ rotation: PrintFileSpec.Rotation, expected: [[UInt8]]) throws {
        let image = try render(PrintFileSpec(printSize: .inches(4, 6), rotation: rotation))
        #expect(rotation == .half ? (image.width == 400 && image.height == 267) : (image.width == 267 && image.height == 400))
        expectCorners(image, expected)
    }

    @Test("A crop in pixels or fractions selects that region of the upright photo")
    func crops() throws {
        let pixels = try render(PrintFileSpec(printSize: .inches(4, 6), crop: .pixels(x: 200, y: 150, width: 200, height: 150)))
        expectCorners(pixels, [Self.yellow, Self.yellow, Self.yellow, Self.yellow])
        let fractions = try render(PrintFileSpec(printSize: .inches(4, 6), crop: .normalised(x: 0, y: 0.5, width: 0.5, height: 0.5)))
        expectCorners(fractions, [Self.blue, Self.blue, Self.blue, Self.blue])
    }

    @Test("Fit letterboxes on white; stretch fills the print's aspect without cropping")
    func fitAndStretch() throws {
        let fit = try render(PrintFileSpec(printSize: .inches(4, 6), sizing: .fit))
        #expect(fit.width == 450 && fit.height == 300)
        #expect(ImageMetrics.close(ImageMetrics.rgb(fit, 5, 150), [255, 255, 255], tolerance: 3))
        #expect(ImageMetrics.close(ImageMetrics.rgb(fit, 444, 150), [255, 255, 255], tolerance: 3))
        #expect(ImageMetrics.close(ImageMetrics.rgb(fit, 40, 10), Self.red.map(Int.init), tolerance: 12))
        let stretch = try render(PrintFileSpec(printSize: .inches(4, 6), sizing: .stretch))
        #expect(stretch.width == 400 && stretch.height == 267)
        expectCorners(stretch, [Self.red, Self.green, Self.blue, Self.yellow], )
    }

    @Test("Bleed comes from the photo beyond the crop where it has pixels, else the mirrored edge")
    func bleed() throws {
        // 6×4 at 400 px wide is 66.7 dpi: 3 mm is 8 px on each edge.
        let spec = PrintFileSpec(printSize: .inches(4, 6), bleedMillimetres: 3)
        let file = try PrintFileRenderer.render(photo, spec: spec)
        #expect(file.bleedPixels == 8)
        #expect(file.pixelSize == PixelSize(width: 416, height: 283))
        // The fill crop leaves 16 rows above and below: the bleed takes photo rows there, so the
        // layout resamples 8 more rows on each side and mirrors only left and right.
        let layout = try PrintLayout(photo: PixelSize(width: 400, height: 300), spec: spec)
        #expect(layout.padding == [8, 0, 8, 0])
        #expect(layout.source.y < 17 && layout.source.height > 267)
    }

    @Test("A crop outside the photo is refused with the photo's size in the message")
    func cropOutside() throws {
        #expect(throws: PhotoSourceError.self) { try PrintFileRenderer.render(photo, spec: PrintFileSpec(printSize: .inches(4, 6), crop: .pixels(x: 300, y: 0, width: 200, height: 100))) }
        do {
            _ = try PrintFileRenderer.render(photo, spec: PrintFileSpec(printSize: .inches(4, 6), crop: .normalised(x: 0.6, y: 0, width: 0.5, height: 1)))
            Issue.record("accepted a crop past the right edge")
        } catch let error as PhotoSourceError {
            #expect(error.code == .invalidData)
        }
    }

    @Test("A 24 MP photo for 16×20 keeps its pixels (5000×4000 at 250 dpi); for 4×6 it is scaled down to 1800×1200")
    func largePhoto() throws {
        let camera = try ImageEncoder.jpeg(SyntheticImages.gradient(width: 6000, height: 4000), quality: 85)
        let poster = try PrintFileRenderer.render(camera, spec: PrintFileSpec(printSize: .inches(16, 20)))
        #expect(poster.pixelSize == PixelSize(width: 5000, height: 4000))
        #expect(poster.effectiveDPI == 250)
        let small = try PrintFileRenderer.render(camera, spec: PrintFileSpec(printSize: .inches(4, 6)))
        #expect(small.pixelSize == PixelSize(width: 1800, height: 1200))
        #expect(small.effectiveDPI == 300)
        let decoded = try ImageDecoder.decodeFull(small.data)
        #expect(decoded.width == 1800 && decoded.height == 1200)
    }

    @Test("A byte limit lowers the quality in steps, never the pixels; past the minimum it is refused")
    func byteLimit() throws {
        let camera = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 1200, height: 1800), quality: 90)
        let full = try PrintFileRenderer.render(camera, spec: PrintFileSpec(printSize: .inches(4, 6)))
        let limited = try PrintFileRenderer.render(camera, spec: PrintFileSpec(printSize: .inches(4, 6), maximumBytes: full.data.count * 2 / 3))
        #expect(limited.quality < 95)
        #expect(limited.data.count <= full.data.count * 2 / 3)
        #expect(limited.pixelSize == full.pixelSize)
        #expect(throws: PhotoSourceError.self) { try PrintFileRenderer.render(camera, spec: PrintFileSpec(printSize: .inches(4, 6), maximumBytes: 2_000)) }
    }
}
