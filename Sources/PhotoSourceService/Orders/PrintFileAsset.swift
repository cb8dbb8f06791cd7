/// A print file rendered for one order line, kept in the asset store beside the originals
/// (content-addressed by SHA-256) and recorded with the line (``MaterialisedAsset/printFiles``):
/// what the destinations named in ``destinations`` receive instead of the original.
public struct PrintFileAsset: Sendable, Hashable, Codable {
    /// The destinations that receive this file (those asking for print files with the same
    /// quality and byte limit share one).
    public var destinations: [String]
    /// The file name destinations use: the original's, ending in `.jpg`.
    public var fileName: String
    /// SHA-256 of the bytes, lowercase hex (the asset store's key).
    public var sha256: String
    /// MD5 of the bytes, lowercase hex (what print labs compare).
    public var md5: String
    /// The size in bytes.
    public var byteCount: Int64
    /// Pixel width, bleed included.
    public var pixelWidth: Int
    /// Pixel height, bleed included.
    public var pixelHeight: Int
    /// The resolution of the trimmed print: the product's dpi, or less where the photo has fewer pixels (never upscaled).
    public var effectiveDPI: Int
    /// The bleed on each edge, in pixels (included in the pixel size).
    public var bleedPixels: Int
    /// The JPEG quality used (lower than the destination's when its byte limit made it so).
    public var quality: Int
    /// `embeddedProfile` (converted to sRGB from the photo's ICC profile) or `assumedSRGB`.
    public var colourSource: String

    /// The content type of every print file.
    public static let contentType = "image/jpeg"

    /// Creates a record.
    public init(
        destinations: [String], fileName: String, sha256: String, md5: String, byteCount: Int64, pixelWidth: Int, pixelHeight: Int,
        effectiveDPI: Int, bleedPixels: Int, quality: Int, colourSource: String
    ) {
        self.destinations = destinations
        self.fileName = fileName
        self.sha256 = sha256
        self.md5 = md5
        self.byteCount = byteCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.effectiveDPI = effectiveDPI
        self.bleedPixels = bleedPixels
        self.quality = quality
        self.colourSource = colourSource
    }
}
