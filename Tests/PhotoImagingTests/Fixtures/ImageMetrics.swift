import Foundation
@testable import PhotoImaging

/// Measurements for comparing images in tests.
enum ImageMetrics {
    /// BT.601 luma of every pixel of an RGB(A) or gray buffer.
    static func luma(_ image: PixelBuffer) -> [Double] {
        (0 ..< image.width * image.height).map { index in
            let base = index * image.channels
            guard image.channels >= 3 else { return Double(image.pixels[base]) }
            return 0.299 * Double(image.pixels[base]) + 0.587 * Double(image.pixels[base + 1])
                + 0.114 * Double(image.pixels[base + 2])
        }
    }

    /// Peak signal-to-noise ratio of the luma of `image` against `reference`, in dB
    /// (`.infinity` when identical).
    static func lumaPSNR(_ image: PixelBuffer, _ reference: PixelBuffer) -> Double {
        precondition(image.width == reference.width && image.height == reference.height)
        let a = luma(image), b = luma(reference)
        let mse = zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The RGB of pixel (x, y).
    static func rgb(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let pixel = image[x, y]
        return image.channels >= 3 ? pixel.prefix(3).map(Int.init) : [Int](repeating: Int(pixel.first ?? 0), count: 3)
    }

    /// Whether two colours are within `tolerance` on every channel.
    static func close(_ a: [Int], _ b: [Int], tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
