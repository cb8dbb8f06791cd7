import Foundation
import PhotoImaging

/// Deterministic photographic-like test images: a textured gradient, many hard-edged shapes
/// and sensor noise — not flat colour, so codecs and resamplers do real work.
struct SyntheticPhoto {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func uniform(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Paints a `width`×`height` image with `channels` (3 or 4; alpha varies smoothly with holes).
    mutating func paint(width: Int, height: Int, channels: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let fx = Float(uniform(2..<7)), fy = Float(uniform(2..<7))
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let v = Float(y) / Float(height)
                for x in 0..<width {
                    let u = Float(x) / Float(width)
                    let phaseA: Float = u * fx * 40 + v * 13
                    let phaseB: Float = v * fy * 37 - u * 7
                    let texture: Float = 18 * sin(phaseA) * cos(phaseB)
                    let base = (y * width + x) * channels
                    let red: Float = 60 + 150 * u + texture
                    let green: Float = 40 + 120 * v + texture * 0.7
                    let blue: Float = 170 - 100 * u * v - texture
                    out[base] = clamp(red)
                    out[base + 1] = clamp(green)
                    out[base + 2] = clamp(blue)
                    if channels == 4 {
                        let alpha: Float = 255 - 800 * abs(u - 0.5) * abs(v - 0.5)
                        out[base + 3] = clamp(alpha)
                    }
                }
            }
            let shapes = 40 + width * height / 300_000
            for _ in 0..<shapes { drawShape(into: out, width: width, height: height, channels: channels) }
            for index in stride(from: 0, to: out.count, by: 1) where channels != 4 || index % 4 != 3 {
                let noise = Int(next() & 15) - 8
                out[index] = UInt8(clamping: Int(out[index]) + noise)
            }
        }
        return PixelBuffer(width: width, height: height, channels: channels, pixels: pixels)
    }

    private mutating func drawShape(into out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, channels: Int) {
        let size = uniform(max(4, width / 200)..<max(8, width / 8))
        let cx = uniform(0..<width), cy = uniform(0..<height)
        let color = (UInt8(uniform(0..<256)), UInt8(uniform(0..<256)), UInt8(uniform(0..<256)))
        let circle = next() & 1 == 0
        let x0 = max(0, cx - size), x1 = min(width, cx + size)
        let y0 = max(0, cy - size / 2), y1 = min(height, cy + size / 2)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                if circle {
                    let dx = x - cx, dy = 2 * (y - cy)
                    if dx * dx + dy * dy > size * size { continue }
                }
                // Blend 60/40 with what is below, so shapes keep the texture (hard edges, no flat colour).
                let base = (y * width + x) * channels
                out[base] = UInt8((Int(color.0) * 3 + Int(out[base]) * 2) / 5)
                out[base + 1] = UInt8((Int(color.1) * 3 + Int(out[base + 1]) * 2) / 5)
                out[base + 2] = UInt8((Int(color.2) * 3 + Int(out[base + 2]) * 2) / 5)
                if channels == 4 { out[base + 3] = 255 }
            }
        }
    }

    private func clamp(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value)))
    }
}
