import Foundation
import PhotoImaging

/// Luma PSNR of thumbnails against a reference made by full decode + Lanczos-3.
enum Quality {
    /// The reference thumbnail of `original`, long side `size`.
    static func reference(_ original: Data, size: Int) throws -> PixelBuffer {
        Resampler.lanczos(try ImageDecoder.decodeFull(original), fittingLongSide: size)
    }

    /// PSNR (dB) of the luma of `candidate` vs `reference` (alpha composited on white);
    /// `nil` when the sizes differ.
    static func psnr(_ candidate: PixelBuffer, _ reference: PixelBuffer) -> Double? {
        guard candidate.width == reference.width, candidate.height == reference.height else { return nil }
        let a = luma(candidate), b = luma(reference)
        var sum = 0.0
        for index in a.indices {
            let d = a[index] - b[index]
            sum += d * d
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    static func luma(_ image: PixelBuffer) -> [Double] {
        let c = image.channels
        return (0..<(image.width * image.height)).map { i in
            let p = i * c
            if c == 1 { return Double(image.pixels[p]) }
            var r = Double(image.pixels[p]), g = Double(image.pixels[p + 1]), b = Double(image.pixels[p + 2])
            if c == 4 {
                let alpha = Double(image.pixels[p + 3]) / 255
                r = r * alpha + 255 * (1 - alpha)
                g = g * alpha + 255 * (1 - alpha)
                b = b * alpha + 255 * (1 - alpha)
            }
            return 0.299 * r + 0.587 * g + 0.114 * b
        }
    }
}
