import Foundation
import PhotoSourceKit

extension ThumbnailRenderer {
    /// Renders a JPEG through its YCbCr planes (``JPEGPlanarDecoder``, ``JPEGRawEncoder``), or
    /// returns `nil` when that path does not apply and the pixel path must run:
    /// - the output is PNG, or JPEG at quality 90 and up (written 4:4:4 from RGB): the planar
    ///   path writes 4:2:0 only, and a lossless PNG keeps the exact decode's colour conversion;
    /// - the image must be turned (EXIF orientation) and a side of the thumbnail is odd: a
    ///   4:2:0 chroma sample covers two pixels on each axis, and turning an odd side would
    ///   move the pairs by a pixel;
    /// - the file is not three-component YCbCr (gray, CMYK/YCCK, RGB-coded), or it is small
    ///   enough to be decoded whole (no DCT scaling).
    ///
    /// The planes are turned upright one by one, which keeps even-sided chroma pairs exact.
    static func renderPlanar(
        _ data: Data, header: ImageHeader, plan: ResizePlan, spec: ThumbnailSpec, limits: ImageLimits
    ) throws -> (thumbnail: Thumbnail, path: Path)? {
        let asJPEG = spec.format != .png && spec.quality < 90
        let turnable = header.orientation == .up || (plan.width.isMultiple(of: 2) && plan.height.isMultiple(of: 2))
        guard asJPEG, turnable, let image = try JPEGPlanarDecoder.decode(data, header: header, plan: plan, limits: limits)
        else { return nil }
        let planes = image.roundedPlanes()
        let y = planes.y.oriented(header.orientation)
        let encoded = try JPEGRawEncoder.encode(
            y: y, cb: planes.cb.oriented(header.orientation), cr: planes.cr.oriented(header.orientation), quality: spec.quality)
        let thumbnail = Thumbnail(data: encoded, pixelSize: PixelSize(width: y.width, height: y.height), format: .jpeg)
        return (thumbnail, .planes)
    }
}
