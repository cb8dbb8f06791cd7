/// The size of an image in pixels, as it is displayed (EXIF orientation already applied).
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The number of pixels, or `nil` when it does not fit in an `Int`.
    public var pixelCount: Int? {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : product
    }

    /// The same size with width and height swapped (a quarter turn).
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `"6000×4000"`.
    public var description: String { "\(width)×\(height)" }
}
