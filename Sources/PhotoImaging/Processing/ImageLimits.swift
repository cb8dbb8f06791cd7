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

    /// Creates limits.
    public init(maxPixels: Int64 = 268_402_689, maxEncodedBytes: Int = 100_000_000, maxProgressiveScans: Int = 100) {
        self.maxPixels = maxPixels
        self.maxEncodedBytes = maxEncodedBytes
        self.maxProgressiveScans = maxProgressiveScans
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

    /// Throws `.tooLarge` when `size` has more than ``maxPixels`` pixels (checked 64-bit math).
    public func check(_ size: PixelSize) throws {
        let (pixels, overflow) = Int64(size.width).multipliedReportingOverflow(by: Int64(size.height))
        guard !overflow, pixels <= maxPixels else {
            throw PhotoSourceError(
                .tooLarge,
                "The image is \(size) pixels, more than the \(maxPixels)-pixel limit; "
                    + "use a smaller image or raise ImageLimits.maxPixels.")
        }
    }
}
