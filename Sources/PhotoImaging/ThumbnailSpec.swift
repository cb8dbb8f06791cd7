/// What thumbnail to make: size, fit, format and quality. Part of the cache key.
public struct ThumbnailSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the image fills the box.
    public enum Fit: String, Sendable, Hashable, Codable {
        /// The whole image, long side = ``ThumbnailSpec/maxPixelSize``.
        case fit
        /// A square of ``ThumbnailSpec/maxPixelSize``, centre-cropped.
        case squareFill
    }

    /// The output format.
    public enum Format: String, Sendable, Hashable, Codable {
        /// PNG when the image has alpha, JPEG otherwise.
        case auto
        /// Always JPEG (alpha is composited on white).
        case jpeg
        /// Always PNG.
        case png
    }

    /// The long side of the thumbnail in pixels. Images smaller than this are not upscaled.
    public var maxPixelSize: Int
    /// Fit or square fill.
    public var fit: Fit
    /// The output format.
    public var format: Format
    /// JPEG quality, 1–100 (default 80).
    public var quality: Int

    /// Creates a spec.
    public init(maxPixelSize: Int = 256, fit: Fit = .fit, format: Format = .auto, quality: Int = 80) {
        self.maxPixelSize = max(1, maxPixelSize)
        self.fit = fit
        self.format = format
        self.quality = min(100, max(1, quality))
    }

    /// `"256-fit-auto-q80"`: stable, used in cache keys.
    public var description: String { "\(maxPixelSize)-\(fit.rawValue)-\(format.rawValue)-q\(quality)" }
}
