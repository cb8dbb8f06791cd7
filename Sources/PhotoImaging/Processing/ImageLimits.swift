public import PhotoSourceKit

/// Limits checked before any pixel buffer is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels (width × height, checked 64-bit math) an image may have. Default 268 MP.
    public var maxPixels: Int64
    /// The most encoded bytes accepted. Default 100 MB.
    public var maxEncodedBytes: Int
    /// The most progressive-JPEG scans accepted. Default 100.
    ///
    /// The installed libjpeg-turbo (2.1) has no `TJPARAM_SCANLIMIT`, so the decoder counts the
    /// SOS markers of a progressive JPEG itself before decoding, and also passes
    /// `TJFLAG_LIMITSCANS` (libjpeg-turbo's fixed 500-scan guard).
    public var maxProgressiveScans: Int
    /// The most bytes one image that can only be decoded whole may need. Default 400 MB.
    ///
    /// Baseline JPEGs shrink while decoding and plain PNGs stream row by row, so their memory
    /// follows the thumbnail. A progressive JPEG makes libjpeg hold every DCT coefficient: 128
    /// bytes per 8×8 block of *every component* at its own resolution (2 bytes a pixel per
    /// full-resolution component: 3 for 4:2:0 colour, 6 for 4:4:4, 8 for CMYK), plus its decoded
    /// pixels; an Adam7 PNG is only complete after its last pass, so it is read whole (up to 4
    /// bytes a pixel). The cost is computed from the header (``wholeImageCost``) before anything
    /// is allocated. At the default an 8000×8000 4:2:0 progressive JPEG (≈200 MB) is accepted
    /// and an 8000×8000 CMYK one (≈512 MB of coefficients) is refused.
    ///
    /// How many such decodes run at once is bounded separately, by the memory budget of the
    /// ``DecodePool`` they run on.
    public var maxWholeImageBytes: Int64
    /// Which codec warnings make a decode fail. Default ``DecodeFailOn/error``: harmless oddities
    /// are accepted, truncated or corrupt image data is refused.
    public var failOn: DecodeFailOn

    /// Creates limits.
    public init(
        maxPixels: Int64 = 268_402_689, maxEncodedBytes: Int = 100 << 20, maxProgressiveScans: Int = 100,
        maxWholeImageBytes: Int64 = 400_000_000, failOn: DecodeFailOn = .error
    ) {
        self.maxPixels = maxPixels
        self.maxEncodedBytes = maxEncodedBytes
        self.maxProgressiveScans = maxProgressiveScans
        self.maxWholeImageBytes = maxWholeImageBytes
        self.failOn = failOn
    }

    /// The defaults.
    public static let `default` = ImageLimits()

    /// Throws `.tooLarge` when `byteCount` encoded bytes exceed ``maxEncodedBytes``.
    public func check(encodedByteCount byteCount: Int) throws {
        guard byteCount <= maxEncodedBytes else {
            throw PhotoSourceError(
                .tooLarge,
                "The image file is \(byteCount) bytes, more than the \(maxEncodedBytes)-byte limit; "
                    + "use a smaller file or raise ImageLimits.maxEncodedBytes.")
        }
    }

    /// Throws `.tooLarge` when an image of `size` that must be decoded whole (`kind` names it in
    /// the message: "progressive JPEG", "interlaced PNG") needs more than ``maxWholeImageBytes``.
    public func checkWholeImage(_ size: PixelSize, cost: Int64, kind: String) throws {
        guard cost <= maxWholeImageBytes else {
            throw PhotoSourceError(
                .tooLarge,
                "The \(kind) is \(size) pixels and needs about \(Self.megabytes(cost)) MB to decode, because such "
                    + "images are decoded whole; the limit is \(Self.megabytes(maxWholeImageBytes)) MB. Save it as a "
                    + "baseline JPEG or a non-interlaced PNG, or raise ImageLimits.maxWholeImageBytes.")
        }
    }

    /// The bytes a whole-image decode holds at its peak: `retainedBytes` the codec keeps for the
    /// whole image (JPEG coefficient arrays; 0 for a PNG read straight into its pixels) plus the
    /// decoded pixels (`outputChannels` bytes each) plus, when they are converted to RGB (CMYK),
    /// the converted copy. `nil` on overflow.
    static func wholeImageCost(retainedBytes: Int64, decoded: PixelSize, outputChannels: Int, convertedChannels: Int) -> Int64? {
        guard let pixels = decoded.pixelCount else { return nil }
        let (perPixel, overflow) = Int64(pixels).multipliedReportingOverflow(by: Int64(outputChannels + convertedChannels))
        guard !overflow else { return nil }
        let (total, overflowTotal) = retainedBytes.addingReportingOverflow(perPixel)
        return overflowTotal ? nil : total
    }

    static func megabytes(_ bytes: Int64) -> Int64 { (bytes + 999_999) / 1_000_000 }

    /// Throws `.tooLarge` when `size` has more than ``maxPixels`` pixels (checked 64-bit math).
    public func check(_ size: PixelSize) throws {
        guard let pixels = size.pixelCount, Int64(pixels) <= maxPixels else {
            throw PhotoSourceError(
                .tooLarge,
                "The image is \(size) pixels, more than the \(maxPixels)-pixel limit; "
                    + "use a smaller image or raise ImageLimits.maxPixels.")
        }
    }
}
