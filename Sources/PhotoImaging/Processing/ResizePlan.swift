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

    /// How much larger than the output a DCT-scaled decode must stay on both axes, so Lanczos-3
    /// still does the last 1.5× or more of the reduction. Scaling the DCT right down to the
    /// output size leaves the block-wise scaled IDCT as the only filter: on real photographs
    /// that cost 5–20 dB of PSNR against a full decode (rocket.jpg, 640×427 → 256: 43 dB at
    /// 1/2, 59 dB decoded whole); Pillow's draft() keeps a similar margin. Large photos are
    /// unaffected: 12 MP and 24 MP still decode at 1/8.
    static let dctScalingMargin = 1.5

    /// Whether a decoded `width`×`height` source is at least as large as the output on both axes
    /// (after the crop), so shrinking it to the output never upscales.
    func isCovered(bySourceWidth sourceWidth: Int, height sourceHeight: Int) -> Bool {
        let region = crop(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
        return region.width >= width && region.height >= height
    }

    /// Whether decoding at `numerator`/`denominator` of the full size is good enough for this
    /// plan: only 1/2, 1/4 and 1/8 (libjpeg's other factors such as 5/8 and 3/4 are visibly
    /// worse than a full decode), leaving ``dctScalingMargin`` on both axes of a
    /// `sourceWidth`×`sourceHeight` scaled decode (full decodes always qualify).
    func allowsDCTScale(numerator: Int, denominator: Int, scaledWidth: Int, scaledHeight: Int) -> Bool {
        guard numerator != denominator else { return isCovered(bySourceWidth: scaledWidth, height: scaledHeight) }
        guard numerator == 1, [2, 4, 8].contains(denominator) else { return false }
        let region = crop(sourceWidth: scaledWidth, sourceHeight: scaledHeight)
        return Double(region.width) >= Self.dctScalingMargin * Double(width)
            && Double(region.height) >= Self.dctScalingMargin * Double(height)
    }

    /// A streaming resampler from a `sourceWidth`×`sourceHeight` decode to this plan
    /// (with box pre-reduction for large ratios unless `exact`).
    ///
    /// `extent` is the size the decoded pixels stand for when it is not whole: a DCT-scaled
    /// JPEG decode (the image's size times the scale factor, such as 213.5 rows in 214). Output
    /// pixels are then mapped through that exact geometry, as a full decode would place them.
    func resampler(
        sourceWidth: Int, sourceHeight: Int, channels: Int, exact: Bool = false, extent: (width: Double, height: Double)? = nil
    ) -> StreamingResampler {
        let crop: PixelRect, region: ExactRegion?
        if let extent {
            let exactRegion = squareCrop
                ? ExactRegion.centredSquare(width: extent.width, height: extent.height)
                : ExactRegion(x: 0, y: 0, width: extent.width, height: extent.height)
            crop = exactRegion.covering(width: sourceWidth, height: sourceHeight)
            region = exactRegion
        } else {
            crop = self.crop(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
            region = nil
        }
        return StreamingResampler(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, channels: channels,
            outputWidth: width, outputHeight: height, crop: crop, region: region, boxReduction: !exact)
    }
}
