public import Foundation
public import PhotoSourceKit

/// What an image's first bytes say about it, read without decoding any pixels:
/// format, stored size, EXIF orientation, alpha and progressive coding.
///
/// Parsing is bounded: it never reads past the given bytes, and every offset taken from the
/// file is checked, so hostile headers produce a typed error rather than a crash.
public struct ImageHeader: Sendable, Hashable {
    /// The format, from the magic bytes.
    public let format: ImageFormat
    /// The size as stored in the file (before EXIF orientation).
    public let encodedSize: PixelSize
    /// The EXIF orientation; `.up` for PNG or when there is none.
    public let orientation: ExifOrientation
    /// Whether the image has transparency (PNG colour types with alpha, or a `tRNS` chunk
    /// before the image data); always `false` for JPEG.
    public let hasAlpha: Bool
    /// Whether the JPEG is progressive (SOF2, SOF6, SOF10 or SOF14); `false` for PNG.
    public let isProgressive: Bool

    /// The size as shown upright: width and height swapped for orientations 5–8.
    public var displaySize: PixelSize {
        orientation.swapsDimensions ? encodedSize.transposed : encodedSize
    }

    /// How many leading bytes a caller should read to be able to find the size.
    ///
    /// An EXIF APP1 segment is at most 64 KiB, but a JPEG may carry several APP segments
    /// (XMP, ICC profile, maker notes) before the frame header; 512 KiB covers real cameras.
    public static let recommendedPrefixLength = 512 * 1024

    /// Creates a header from parsed values.
    init(format: ImageFormat, encodedSize: PixelSize, orientation: ExifOrientation = .up,
         hasAlpha: Bool = false, isProgressive: Bool = false) {
        self.format = format
        self.encodedSize = encodedSize
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.isProgressive = isProgressive
    }

    /// Parses the header from the first bytes of a file (bounded: never reads past `data`).
    ///
    /// - Throws: ``PhotoSourceError`` with `.unsupportedFormat` when the magic bytes are not
    ///   JPEG or PNG (GIF, WebP, HEIC, TIFF, HTML…), and `.invalidData` when the data ends
    ///   before the size is known, or the header is corrupt (zero width or height, bad markers).
    public static func read(_ data: Data) throws -> ImageHeader {
        switch sniff(data) {
        case .jpeg: try data.withUnsafeBytes { try JPEGHeaderParser.parse(BoundedBytes(raw: $0)) }
        case .png: try data.withUnsafeBytes { try PNGHeaderParser.parse(BoundedBytes(raw: $0)) }
        case nil: throw ImageSniffer.unsupportedError(data)
        }
    }

    /// The format named by the magic bytes, or `nil` when they are not JPEG or PNG.
    public static func sniff(_ data: Data) -> ImageFormat? {
        ImageSniffer.format(of: data)
    }

}
