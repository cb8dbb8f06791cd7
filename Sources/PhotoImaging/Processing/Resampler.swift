import PhotoSourceKit

/// Lanczos-3 resampling of ``PixelBuffer``s: separable, with weights precomputed once per axis,
/// and RGBA resampled with premultiplied alpha. The same code the thumbnail pipeline streams
/// decoded rows through, exposed for benchmarks and tests; unlike the pipeline, it never
/// box-averages before large reductions, so it is the exact reference.
public enum Resampler {
    /// `image` resized to exactly `width`×`height` with Lanczos-3 (up or down: this function
    /// does what it is told; the thumbnail pipeline itself never upscales).
    /// - Precondition: `width` and `height` are positive.
    public static func lanczos(_ image: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        precondition(width > 0 && height > 0, "Resampler output must be at least 1×1")
        return image.resized(to: ResizePlan(width: width, height: height, squareCrop: false), exact: true)
    }

    /// `image` scaled so its long side is at most `longSide` (never upscaled), keeping its
    /// aspect ratio.
    public static func lanczos(_ image: PixelBuffer, fittingLongSide longSide: Int) -> PixelBuffer {
        let plan = ResizePlan(fitting: PixelSize(width: image.width, height: image.height), longSide: longSide)
        return image.resized(to: plan, exact: true)
    }
}
