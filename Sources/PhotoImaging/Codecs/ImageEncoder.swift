public import Foundation

/// Encodes ``PixelBuffer``s as JPEG (libjpeg-turbo) or PNG (libpng).
public enum ImageEncoder {
    /// Encodes `image` as JPEG.
    ///
    /// RGBA is composited on white (JPEG has no alpha); gray is written as a one-channel JPEG.
    /// Chroma is subsampled 4:2:0 below quality 90, 4:4:4 from 90 up.
    /// - Parameters:
    ///   - quality: 1–100 (clamped).
    ///   - progressive: write a progressive JPEG.
    ///   - orientation: anything other than `.up` writes a minimal EXIF APP1 segment with tag
    ///     0x0112 right after SOI (the pixels are stored as given).
    /// - Throws: ``PhotoSourceKit/PhotoSourceError`` when TurboJPEG fails (its message in `detail`).
    public static func jpeg(
        _ image: PixelBuffer, quality: Int = 80, progressive: Bool = false, orientation: ExifOrientation = .up
    ) throws -> Data {
        try JPEGEncoder.encode(image, quality: quality, progressive: progressive, orientation: orientation)
    }

    /// Encodes `image` as an 8-bit PNG (gray, RGB or RGBA, matching its channels).
    /// - Throws: ``PhotoSourceKit/PhotoSourceError`` when libpng fails (its message in `detail`).
    public static func png(_ image: PixelBuffer) throws -> Data {
        try PNGEncoder.encode(image)
    }
}
