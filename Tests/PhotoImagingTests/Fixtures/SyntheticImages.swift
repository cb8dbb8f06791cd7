import Foundation
@testable import PhotoImaging

/// Test images generated in code.
enum SyntheticImages {
    /// A smooth RGB gradient: red left to right, green top to bottom, blue diagonal.
    static func gradient(width: Int, height: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(x * 255 / max(1, width - 1))
                pixels[index + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[index + 2] = UInt8((x + y) * 255 / max(1, width + height - 2))
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: pixels)
    }
}

extension SyntheticImages {
    /// A photograph-like RGB image: smooth lighting, soft blobs and gentle texture, all well
    /// below the Nyquist frequency of an 8× reduction.
    static func photographic(width: Int, height: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let light = 0.55 + 0.35 * sin(u * 2.1 + 0.4) * cos(v * 1.7)
                let blob = exp(-(pow(u - 0.35, 2) + pow(v - 0.45, 2)) * 18)
                let texture = 0.04 * sin(Double(x) * 0.09) * sin(Double(y) * 0.07)
                let red = light + 0.30 * blob + texture
                let green = light * 0.85 + 0.10 * blob + texture
                let blue = 0.35 + 0.40 * v - 0.20 * blob + texture
                let index = (y * width + x) * 3
                for (channel, value) in [red, green, blue].enumerated() {
                    pixels[index + channel] = UInt8(max(0, min(255, (value * 255).rounded())))
                }
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// A gray zone plate: `cos(π r² / (2 · size))`, whose frequency rises to Nyquist at the edge.
    static func zonePlate(size: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: size * size)
        let centre = Double(size) / 2
        for y in 0 ..< size {
            for x in 0 ..< size {
                let dx = Double(x) - centre, dy = Double(y) - centre
                let value = 127.5 + 127.5 * cos(Double.pi * (dx * dx + dy * dy) / Double(size))
                pixels[y * size + x] = UInt8(value.rounded())
            }
        }
        return PixelBuffer(width: size, height: size, channels: 1, pixels: pixels)
    }

    /// An image of four coloured quadrants (top-left, top-right, bottom-left, bottom-right).
    static func quadrants(width: Int, height: Int, colours: [[UInt8]]) -> PixelBuffer {
        var pixels: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                pixels += colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// Nearest-neighbour downscale (the aliasing baseline).
    static func nearest(_ image: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        var pixels: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                pixels += image[x * image.width / width, y * image.height / height]
            }
        }
        return PixelBuffer(width: width, height: height, channels: image.channels, pixels: pixels)
    }
}
