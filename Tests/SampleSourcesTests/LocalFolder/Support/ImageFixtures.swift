import Foundation
import PhotoImaging

/// Small real JPEG and PNG files made with the package's own encoders.
enum ImageFixtures {
    /// A JPEG of `width`×`height` stored pixels with the given EXIF orientation.
    static func jpeg(width: Int = 8, height: Int = 6, orientation: ExifOrientation = .up) throws -> Data {
        try ImageEncoder.jpeg(buffer(width: width, height: height, channels: 3), quality: 80, orientation: orientation)
    }

    /// A PNG of `width`×`height`, RGBA when `alpha` is true.
    static func png(width: Int = 8, height: Int = 6, alpha: Bool = false) throws -> Data {
        try ImageEncoder.png(buffer(width: width, height: height, channels: alpha ? 4 : 3))
    }

    /// A diagonal gradient, so the files are not all alike.
    static func buffer(width: Int, height: Int, channels: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let base = (y * width + x) * channels
                for channel in 0..<channels {
                    pixels[base + channel] = UInt8(truncatingIfNeeded: x * 31 + y * 17 + channel * 60)
                }
            }
        }
        return PixelBuffer(width: width, height: height, channels: channels, pixels: pixels)
    }
}
