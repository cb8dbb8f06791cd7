/// Limits checked before any pixel buffer is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels (width × height, checked 64-bit math) an image may have. Default 268 MP.
    public var maxPixels: Int64
    /// The most encoded bytes accepted. Default 100 MB.
    public var maxEncodedBytes: Int
    /// The most progressive-JPEG scans accepted (libjpeg-turbo's scan limit). Default 100.
    public var maxProgressiveScans: Int

    /// Creates limits.
    public init(maxPixels: Int64 = 268_402_689, maxEncodedBytes: Int = 100_000_000, maxProgressiveScans: Int = 100) {
        self.maxPixels = maxPixels
        self.maxEncodedBytes = maxEncodedBytes
        self.maxProgressiveScans = maxProgressiveScans
    }

    /// The defaults.
    public static let `default` = ImageLimits()
}
