public import Foundation
import PhotoSourceKit

/// Decodes JPEG and PNG into upright ``PixelBuffer``s, checking ``ImageLimits`` from the header
/// before any pixel buffer is allocated.
public enum ImageDecoder {
    /// Decodes `data`, shrinking so the long side is at least `targetLongSide` on load (JPEG DCT
    /// scaling) and then exactly `targetLongSide` (Lanczos-3); `nil` keeps the full size.
    /// Images smaller than the target are not upscaled. The result is upright (EXIF orientation
    /// applied) and RGB, or RGBA when the image has alpha.
    ///
    /// - Throws: ``PhotoSourceKit/PhotoSourceError``: `.unsupportedFormat` for anything but JPEG
    ///   and PNG; `.tooLarge` when a limit is exceeded; `.invalidData` for truncated or corrupt
    ///   data (the codec's own message in `detail`).
    public static func decode(_ data: Data, targetLongSide: Int?, limits: ImageLimits = .default) throws -> PixelBuffer {
        let header = try checkedHeader(data, limits: limits)
        let plan = ResizePlan(fitting: header.encodedSize, longSide: targetLongSide.map { max(1, $0) })
        return try decode(data, header: header, plan: plan, limits: limits).oriented(header.orientation).expandedToColour()
    }

    /// Decodes `data` at full size with no shrink-on-load (for reference images), upright, RGB
    /// or RGBA.
    public static func decodeFull(_ data: Data, limits: ImageLimits = .default) throws -> PixelBuffer {
        try decode(data, targetLongSide: nil, limits: limits)
    }

    /// Sniffs the format, reads the header and checks it against `limits`.
    static func checkedHeader(_ data: Data, limits: ImageLimits) throws -> ImageHeader {
        guard ImageHeader.sniff(data) != nil else { throw ImageSniffer.unsupportedError(data) }
        try limits.check(encodedByteCount: data.count)
        let header = try ImageHeader.read(data)
        try limits.check(header.encodedSize)
        return header
    }

    /// Decodes to `plan` in stored orientation; gray stays one channel.
    static func decode(_ data: Data, header: ImageHeader, plan: ResizePlan, limits: ImageLimits) throws -> PixelBuffer {
        switch header.format {
        case .jpeg: try JPEGDecoder.decode(data, header: header, plan: plan, limits: limits)
        case .png: try PNGDecoder.decode(data, plan: plan, limits: limits)
        }
    }
}
