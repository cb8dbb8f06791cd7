import Foundation
import PhotoImaging

/// The editor's icon, drawn in code: a mirror line with a dark triangle on the left and its pale
/// reflection on the right, on a rounded square (transparent corners), as PNG.
enum EditorIcon {
    /// The 1× icon (32 px) and the 2× icon (64 px), encoded once.
    static let small = (try? ImageEncoder.png(draw(side: 32))) ?? Data()
    /// The 2× icon (64 px).
    static let large = (try? ImageEncoder.png(draw(side: 64))) ?? Data()

    static func draw(side: Int) -> PixelBuffer {
        var image = PixelBuffer(width: side, height: side, channels: 4)
        let middle = side / 2, radius = side / 6, margin = side / 8
        for y in 0..<side {
            for x in 0..<side {
                guard inRoundedSquare(x, y, side: side, radius: radius) else { continue }
                // A right-pointing triangle on the left half, mirrored on the right half.
                let distance = abs(x - middle)
                let inTriangle = distance >= side / 16 && distance < middle - margin && abs(y - middle) < (middle - margin - distance)
                let colour: [UInt8] =
                    if distance < max(1, side / 32) { [255, 255, 255, 255] }
                    else if inTriangle { x < middle ? [32, 64, 160, 255] : [150, 180, 240, 255] }
                    else { [232, 238, 250, 255] }
                let start = (y * side + x) * 4
                image.pixels.replaceSubrange(start..<start + 4, with: colour)
            }
        }
        return image
    }

    private static func inRoundedSquare(_ x: Int, _ y: Int, side: Int, radius: Int) -> Bool {
        let cx = min(max(x, radius), side - 1 - radius), cy = min(max(y, radius), side - 1 - radius)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
    }
}
