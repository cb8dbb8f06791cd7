/// Decoded 8-bit pixels: row-major, tightly packed, channels interleaved.
///
/// `channels` is 1 (gray), 3 (RGB) or 4 (RGBA, straight alpha).
public struct PixelBuffer: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Samples per pixel: 1 gray, 3 RGB, 4 RGBA.
    public let channels: Int
    /// `width * height * channels` samples, row after row.
    public var pixels: [UInt8]

    /// Creates a buffer over existing pixels.
    ///
    /// - Precondition: `channels` is 1, 3 or 4, sides are positive, and
    ///   `pixels.count == width * height * channels`.
    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition([1, 3, 4].contains(channels), "PixelBuffer channels must be 1, 3 or 4, not \(channels)")
        precondition(width > 0 && height > 0, "PixelBuffer sides must be positive, not \(width)×\(height)")
        precondition(pixels.count == width * height * channels, "PixelBuffer needs width × height × channels samples")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// Creates a zeroed buffer (black, and transparent when there is alpha).
    public init(width: Int, height: Int, channels: Int) {
        self.init(width: width, height: height, channels: channels,
                  pixels: [UInt8](repeating: 0, count: max(0, width * height * channels)))
    }

    /// The number of bytes in one row.
    public var bytesPerRow: Int { width * channels }

    /// Whether the buffer has an alpha channel.
    public var hasAlpha: Bool { channels == 4 }

    /// The samples of the pixel at (`x`, `y`), one per channel (a copy, indexed from 0).
    public subscript(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * channels
        return Array(pixels[start ..< start + channels])
    }
}
