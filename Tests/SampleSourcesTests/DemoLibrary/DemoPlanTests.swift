import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Demo library plan")
struct DemoPlanTests {
    private var regular: [DemoPhoto] { DemoPlan.photos.filter { !$0.path.hasPrefix(DemoPlan.bigAlbum + "/") } }

    @Test("about 150 photos plus the 2,000-photo album, with unique paths")
    func counts() {
        #expect((130...170).contains(regular.count))
        #expect(DemoPlan.photos.count - regular.count == DemoPlan.bigAlbumCount)
        #expect(Set(DemoPlan.photos.map(\.path)).count == DemoPlan.photos.count)
    }

    @Test("albums nest three levels deep")
    func nesting() {
        let depths = regular.map { $0.path.split(separator: "/").count - 1 }
        #expect(depths.max() == 3)
        #expect(depths.contains(0) && depths.contains(1) && depths.contains(2))
    }

    @Test("landscape and portrait photos from 640×480 to 6000×4000, few large ones")
    func sizes() {
        let pixels = regular.map { $0.size.pixelCount! }
        #expect(pixels.min() == 640 * 480)
        #expect(pixels.max() == 6000 * 4000)
        #expect(pixels.filter { $0 > 10_000_000 }.count <= 5)
        #expect(regular.contains { $0.size.width > $0.size.height })
        #expect(regular.contains { $0.size.width < $0.size.height })
    }

    @Test("PNGs with alpha and EXIF-rotated JPEGs are present")
    func kinds() {
        #expect(regular.filter { $0.hasAlpha && $0.format == .png }.count >= 3)
        #expect(regular.filter { $0.format == .jpeg && $0.orientation.swapsDimensions }.count >= 3)
        #expect(regular.contains { $0.orientation == .down })
        #expect(regular.allSatisfy { $0.orientation == .up || $0.format == .jpeg })
    }

    @Test("stored pixels turn back upright under their EXIF orientation", arguments: ExifOrientation.allCases)
    func storedPixels(orientation: ExifOrientation) {
        // A 3×2 canvas whose red channel numbers the pixels 0...5, row by row.
        var canvas = DemoCanvas(width: 3, height: 2, alpha: false)
        for index in 0..<6 {
            canvas.fillSpan(y: index / 3, from: index % 3, to: index % 3 + 1, DemoColor(red: UInt8(index), green: 0, blue: 0))
        }
        let stored = canvas.storedPixels(for: orientation)
        let expected: [ExifOrientation: [UInt8]] = [
            .up: [0, 1, 2, 3, 4, 5], .upMirrored: [2, 1, 0, 5, 4, 3], .down: [5, 4, 3, 2, 1, 0],
            .downMirrored: [3, 4, 5, 0, 1, 2], .leftMirrored: [0, 3, 1, 4, 2, 5], .right: [2, 5, 1, 4, 0, 3],
            .rightMirrored: [5, 2, 4, 1, 3, 0], .left: [3, 0, 4, 1, 5, 2],
        ]

        #expect(orientation.swapsDimensions ? (stored.width, stored.height) == (2, 3) : (stored.width, stored.height) == (3, 2))
        #expect(stride(from: 0, to: stored.pixels.count, by: 3).map { stored.pixels[$0] } == expected[orientation])
    }
}
