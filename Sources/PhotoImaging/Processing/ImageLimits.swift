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
    /// The most pixels of an image that can only be decoded whole. Default 64 MP.
    ///
    /// Baseline JPEGs shrink while decoding and plain PNGs stream row by row, so their memory
    /// follows the thumbnail. A progressive JPEG makes libjpeg-turbo hold every DCT coefficient
    /// (2 bytes × 64 per 8×8 block per component: up to 6 bytes a pixel), and an Adam7 PNG is
    /// only complete after its last pass, so it is read whole (up to 4 bytes a pixel). This cap
    /// keeps one such image under about 400 MB.
    public var maxWholeImagePixels: Int64

    /// Creates limits.
    public init(
        maxPixels: Int64 = 268_402_689, maxEncodedBytes: Int = 100 << 20, maxProgressiveScans: Int = 100,
        maxWholeImagePixels: Int64 = 64_000_000
    ) {
        self.maxPixels = maxPixels
        self.maxEncodedBytes = maxEncodedBytes
        self.maxProgressiveScans = maxProgressiveScans
        self.maxWholeImagePixels = maxWholeImagePixels
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
    /// the message: "progressive JPEG", "interlaced PNG") has more than ``maxWholeImagePixels``.
    public func checkWholeImage(_ size: PixelSize, kind: String) throws {
        guard let pixels = size.pixelCount, Int64(pixels) <= maxWholeImagePixels else {
            throw PhotoSourceError(
                .tooLarge,
                "The \(kind) is \(size) pixels; such images are decoded whole, and the limit for that is "
                    + "\(maxWholeImagePixels) pixels. Save it as a baseline JPEG or a non-interlaced PNG, "
                    + "or raise ImageLimits.maxWholeImagePixels.")
        }
    }

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
