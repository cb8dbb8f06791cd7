public import Foundation
import PhotoSourceKit

/// Turns encoded bytes into a thumbnail: sniff, check limits, decode (shrink-on-load), orient,
/// resample, encode. Synchronous and CPU-heavy: callers run it on the decode pool.
public enum ThumbnailRenderer {
    /// Renders `data` as described by `spec`, within `limits`.
    ///
    /// The format is sniffed from magic bytes (a content type is never trusted); the header is
    /// checked against `limits` before any pixels are allocated; JPEGs are shrunk in the DCT
    /// domain while decoding and PNGs are streamed row by row; the result is resampled with
    /// Lanczos-3 (never upscaled), turned upright, centre-cropped for `.squareFill`, and encoded
    /// as JPEG at `spec.quality`, or PNG when `spec.format` asks for it or is `.auto` and the
    /// image has alpha. A DCT-scaled YCbCr JPEG made into a JPEG thumbnail below quality 90
    /// (4:2:0) is decoded, resampled and encoded as Y, Cb and Cr planes, with no colour
    /// conversion or chroma upsampling anywhere.
    ///
    /// - Throws: ``PhotoSourceKit/PhotoSourceError``: `.unsupportedFormat`, `.tooLarge`, or
    ///   `.invalidData` for truncated or corrupt images (never a partial thumbnail).
    public static func render(_ data: Data, spec: ThumbnailSpec, limits: ImageLimits = .default) throws -> Thumbnail {
        try renderReportingPath(data, spec: spec, limits: limits).thumbnail
    }

    /// How a thumbnail was made (for tests and benchmarks).
    enum Path: Sendable, Hashable {
        /// Decoded to RGB (or gray, or CMYK converted to RGB) and resampled as pixels.
        case pixels
        /// Decoded and resampled as YCbCr planes and encoded from them as a 4:2:0 JPEG.
        case planes
    }

    /// ``render(_:spec:limits:)``, also saying which path it took.
    static func renderReportingPath(_ data: Data, spec: ThumbnailSpec, limits: ImageLimits) throws -> (thumbnail: Thumbnail, path: Path) {
        let header = try ImageDecoder.checkedHeader(data, limits: limits)
        let plan = ResizePlan(header: header, spec: spec)
        if header.format == .jpeg, let planar = try renderPlanar(data, header: header, plan: plan, spec: spec, limits: limits) {
            return planar
        }
        let image = try ImageDecoder.decode(data, header: header, plan: plan, limits: limits).oriented(header.orientation)
        return (try encode(image, spec: spec), .pixels)
    }

    /// Encodes an upright image as `spec` asks.
    static func encode(_ image: PixelBuffer, spec: ThumbnailSpec) throws -> Thumbnail {
        let asPNG = spec.format == .png || (spec.format == .auto && image.hasAlpha)
        let encoded = asPNG
            ? try PNGEncoder.encode(image, compressionLevel: 3, filters: PNGEncoder.fastFilters)
            : try ImageEncoder.jpeg(image, quality: spec.quality)
        return Thumbnail(
            data: encoded, pixelSize: PixelSize(width: image.width, height: image.height),
            format: asPNG ? .png : .jpeg)
    }
}
