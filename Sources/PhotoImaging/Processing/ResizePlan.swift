import PhotoSourceKit

/// The output a decoder should produce, in the image's stored orientation (before EXIF
/// orientation is applied): its size, and whether to centre-crop a square first.
///
/// Plans never upscale: an image smaller than the target keeps its size.
struct ResizePlan: Sendable, Hashable {
    /// Output width in stored orientation.
    var width: Int
    /// Output height in stored orientation.
    var height: Int
    /// Whether to crop the centred square of the source before resampling.
    var squareCrop: Bool

    /// The plan for `header` and `spec`.
    init(header: ImageHeader, spec: ThumbnailSpec) {
        let stored = header.encodedSize
        switch spec.fit {
        case .fit:
            self.init(fitting: stored, longSide: spec.maxPixelSize)
        case .squareFill:
            let side = min(spec.maxPixelSize, stored.width, stored.height)
            self.init(width: side, height: side, squareCrop: true)
        }
    }

    /// The plan that fits `stored` within `longSide` (or keeps it whole when `nil`).
    init(fitting stored: PixelSize, longSide: Int?) {
        let long = max(stored.width, stored.height)
        guard let longSide, longSide < long else {
            self.init(width: stored.width, height: stored.height, squareCrop: false)
            return
        }
        let scale = Double(longSide) / Double(long)
        self.init(
            width: max(1, Int((Double(stored.width) * scale).rounded())),
            height: max(1, Int((Double(stored.height) * scale).rounded())),
            squareCrop: false)
    }

    /// Creates a plan from its parts.
    init(width: Int, height: Int, squareCrop: Bool) {
        self.width = width
        self.height = height
        self.squareCrop = squareCrop
    }

    /// The region of a `sourceWidth`×`sourceHeight` decode to resample.
    func crop(sourceWidth: Int, sourceHeight: Int) -> PixelRect {
        squareCrop
            ? PixelRect.centredSquare(width: sourceWidth, height: sourceHeight)
            : PixelRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
    }

    /// Whether a decoded `width`×`height` source is at least as large as the output on both axes
    /// (after the crop), so shrinking it to the output never upscales.
    func isCovered(bySourceWidth sourceWidth: Int, height sourceHeight: Int) -> Bool {
        let region = crop(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
        return region.width >= width && region.height >= height
    }

    /// A streaming resampler from a `sourceWidth`×`sourceHeight` decode to this plan
    /// (with box pre-reduction for large ratios unless `exact`).
    func resampler(sourceWidth: Int, sourceHeight: Int, channels: Int, exact: Bool = false) -> StreamingResampler {
        StreamingResampler(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, channels: channels,
            outputWidth: width, outputHeight: height,
            crop: crop(sourceWidth: sourceWidth, sourceHeight: sourceHeight), boxReduction: !exact)
    }
}
