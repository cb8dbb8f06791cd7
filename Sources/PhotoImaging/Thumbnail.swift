public import Foundation
public import PhotoSourceKit

/// An encoded thumbnail.
public struct Thumbnail: Sendable, Hashable {
    /// The encoded bytes.
    public var data: Data
    /// The thumbnail's pixel size.
    public var pixelSize: PixelSize
    /// The encoded format.
    public var format: ImageFormat

    /// Creates a thumbnail.
    public init(data: Data, pixelSize: PixelSize, format: ImageFormat) {
        self.data = data
        self.pixelSize = pixelSize
        self.format = format
    }
}
