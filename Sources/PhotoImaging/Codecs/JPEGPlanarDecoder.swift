import Foundation
import PhotoSourceKit

/// Decodes a YCbCr JPEG as planes (libjpeg's raw data: no chroma upsampling, no colour
/// conversion) at the DCT-scaled size and resamples each plane on its own to the plan.
///
/// The luma plane gets the geometry ``JPEGDecoder`` gives the RGB decode; each chroma plane is
/// resampled from the extent it covers at its own sampling (a 4:2:0 file's chroma at 1/8 is
/// one DC value per 8×8 chroma block, as TurboJPEG's planar decode gives it) straight to the
/// chroma size of a 4:2:0 thumbnail: half the output on both axes, rounded up.
/// Checks, warnings policy and memory reservation are ``JPEGDecoder``'s (shared through
/// ``JPEGDecoder/withReader(_:header:plan:limits:_:)``).
enum JPEGPlanarDecoder {
    /// Decodes `data` to `plan` in stored orientation as float planes, with chroma at half
    /// the output size (rounded up).
    ///
    /// Returns `nil` when the planar path does not apply and the caller should decode to RGB
    /// with ``JPEGDecoder``: the file is not three-component YCbCr (gray, CMYK/YCCK, RGB-coded),
    /// or it would be decoded whole (no DCT scaling: small images keep their exact decode).
    static func decode(
        _ data: Data, header: ImageHeader, plan: ResizePlan, limits: ImageLimits
    ) throws -> YCbCrImage? {
        try JPEGDecoder.withReader(data, header: header, plan: plan, limits: limits) { reader, info, scaledWidth, scaledHeight in
            let eighths = JPEGDecoder.scaleEighths(info.width, info.height, scaled: (scaledWidth, scaledHeight))
            guard info.ycc, eighths < 8 else { return nil }
            let planes = try reader.startRaw(numerator: eighths, denominator: 8)
            // Every sample a plane's width × height covers is written by the decoder (whole
            // blocks); the MCU padding beyond is never read. No zero fill.
            var failure: (any Error)?
            let y = uninitializedBytes(planes[0].stride * planes[0].rows)
            let cb = uninitializedBytes(planes[1].stride * planes[1].rows)
            let cr = uninitializedBytes(planes[2].stride * planes[2].rows)
            defer { y.deallocate(); cb.deallocate(); cr.deallocate() }
            do { try reader.readRaw(y: y, cb: cb, cr: cr) } catch { failure = error }
            if let failure { throw failure }
            let width = plan.width, height = plan.height
            let chroma = (width: (width + 1) / 2, height: (height + 1) / 2)
            let image = (width: Double(info.width), height: Double(info.height))
            return YCbCrImage(
                width: width, height: height,
                luma: resample(y, planes[0], image: image, plan: plan, output: (width, height), factor: 1),
                chromaWidth: chroma.width, chromaHeight: chroma.height,
                cb: resample(cb, planes[1], image: image, plan: plan, output: chroma, factor: 2),
                cr: resample(cr, planes[2], image: image, plan: plan, output: chroma, factor: 2))
        }
    }

    /// Resamples one decoded plane to `output` samples, each standing for `factor`×`factor`
    /// pixels of the plan. The region the plan shows is found in
    /// the plane's own samples (its exact, possibly fractional extent); an output coarser than
    /// the plan (subsampled chroma) covers whole pairs of output pixels, so with an odd plan
    /// size it reaches half an output pixel past the edge, as libjpeg's own downsampling does.
    static func resample(
        _ samples: UnsafeMutablePointer<UInt8>, _ plane: JPEGReader.Plane, image: (width: Double, height: Double), plan: ResizePlan,
        output: (width: Int, height: Int), factor: Int
    ) -> [Float] {
        let extent = (width: image.width * plane.scaleX, height: image.height * plane.scaleY)
        var region = plan.squareCrop
            ? ExactRegion.centredSquare(width: extent.width, height: extent.height)
            : ExactRegion(x: 0, y: 0, width: extent.width, height: extent.height)
        // Each output sample stands for `factor` plan pixels (2 for subsampled chroma).
        region.width *= Double(output.width * factor) / Double(plan.width)
        region.height *= Double(output.height * factor) / Double(plan.height)
        let crop = region.covering(width: plane.width, height: plane.height)
        let originX = region.x - Double(crop.x), originY = region.y - Double(crop.y)
        let exactX = originX == 0 && region.width == Double(crop.width)
        let exactY = originY == 0 && region.height == Double(crop.height)
        let horizontal = ResampleWeights.cached(
            inputSize: crop.width, outputSize: output.width, scale: exactX ? nil : region.width / Double(output.width),
            origin: originX)
        let vertical = ResampleWeights.cached(
            inputSize: crop.height, outputSize: output.height, scale: exactY ? nil : region.height / Double(output.height),
            origin: originY)
        return PlaneResampler.resample(samples, stride: plane.stride, crop: crop, horizontal: horizontal, vertical: vertical)
    }

    /// A buffer of `count` bytes for the decoder to fill.
    private static func uninitializedBytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
    }
}
