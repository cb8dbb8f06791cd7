internal import CTurboJPEG
import Foundation
import PhotoSourceKit

/// Decodes JPEG with libjpeg-turbo, shrinking in the DCT domain while decoding (shrink-on-load).
///
/// Warning policy (``ImageLimits/failOn``, default ``DecodeFailOn/error``): libjpeg only *warns*
/// about a premature end of data (and pads the image with gray) or corrupt entropy data (and
/// decodes garbage), and also warns about harmless oddities such as stray bytes between header
/// segments. ``JPEGReader`` classifies every warning as it is emitted and stops at once on the
/// classes the policy makes fatal, so by default a truncated or corrupt JPEG is never returned as
/// a good image while a camera file with a few stray header bytes decodes to its exact pixels.
///
/// Memory: a progressive JPEG is decoded whole (every DCT coefficient of every component is
/// kept), so its cost is computed from the header, checked against
/// ``ImageLimits/maxWholeImageBytes`` and reserved from the running ``DecodePool``'s budget.
enum JPEGDecoder {
    /// Decodes `data` (whose header is `header`) to the plan's size, in stored orientation.
    /// Gray JPEGs come out with 1 channel; colour ones with 3; CMYK/YCCK ones with 3, or with
    /// their 4 inverted CMYK samples when `keepCMYK` (for a colour-managed conversion).
    static func decode(
        _ data: Data, header: ImageHeader, plan: ResizePlan, limits: ImageLimits, keepCMYK: Bool = false
    ) throws -> PixelBuffer {
        try withReader(data, header: header, plan: plan, limits: limits) { reader, info, scaledWidth, scaledHeight in
            try decodeImage(reader, info, scaledWidth: scaledWidth, scaledHeight: scaledHeight, plan: plan, keepCMYK: keepCMYK)
        }
    }

    /// Opens a reader over `data`, reads and checks its header, picks the DCT-scaled size for
    /// `plan` and runs `body` with them: for a progressive JPEG after checking its scan count
    /// and whole-image cost against `limits` and reserving that cost from the decode budget.
    static func withReader<Result>(
        _ data: Data, header: ImageHeader, plan: ResizePlan, limits: ImageLimits,
        _ body: (borrowing JPEGReader, JPEGReader.Info, Int, Int) throws -> Result
    ) throws -> Result {
        try data.withUnsafeBytes { bytes in
            let reader = try JPEGReader(bytes, failOn: limits.failOn, maxScans: limits.maxProgressiveScans)
            let info = try reader.readHeader()
            let size = PixelSize(width: info.width, height: info.height)
            guard size == header.encodedSize else {
                throw PhotoSourceError(
                    .invalidData, "The JPEG file is corrupt: its frame headers disagree about its size.",
                    detail: "\(header.encodedSize) before the first scan, \(size) in the frame libjpeg decodes")
            }
            let (scaledWidth, scaledHeight) = scaledSize(width: info.width, height: info.height, plan: plan)
            guard info.progressive else { return try body(reader, info, scaledWidth, scaledHeight) }
            let scans = JPEGScanCounter.countScans(bytes, limit: limits.maxProgressiveScans)
            guard scans <= limits.maxProgressiveScans else {
                throw PhotoSourceError(
                    .tooLarge, "The progressive JPEG has more than \(limits.maxProgressiveScans) scans; "
                        + "it is refused as a likely decompression bomb (see ImageLimits.maxProgressiveScans).")
            }
            let kind = info.channels == 4 ? "progressive CMYK JPEG" : "progressive JPEG"
            let cost = wholeImageCost(info, scaledWidth: scaledWidth, scaledHeight: scaledHeight) ?? .max
            try limits.checkWholeImage(size, cost: cost, kind: kind)
            return try DecodeMemoryBudget.withCurrentReservation(cost, kind: kind) {
                try body(reader, info, scaledWidth, scaledHeight)
            }
        }
    }

    /// The bytes a whole-image decode of `info` at the scaled size holds at its peak.
    static func wholeImageCost(_ info: JPEGReader.Info, scaledWidth: Int, scaledHeight: Int) -> Int64? {
        ImageLimits.wholeImageCost(
            retainedBytes: info.coefficientBytes, decoded: PixelSize(width: scaledWidth, height: scaledHeight),
            outputChannels: info.channels, convertedChannels: info.channels == 4 ? 3 : 0)
    }

    /// Decodes at the DCT scale that gives the scaled size, converts CMYK and resizes to `plan`.
    private static func decodeImage(
        _ reader: borrowing JPEGReader, _ info: JPEGReader.Info, scaledWidth: Int, scaledHeight: Int, plan: ResizePlan,
        keepCMYK: Bool
    ) throws -> PixelBuffer {
        let eighths = scaleEighths(info.width, info.height, scaled: (scaledWidth, scaledHeight))
        let (width, height) = try reader.start(numerator: eighths, denominator: 8)
        let count = width * height * info.channels
        var failure: (any Error)?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do { try reader.readImage(into: buffer) } catch { failure = error }
            initialized = count  // on failure the contents are discarded below
        }
        if let failure { throw failure }
        var decoded = PixelBuffer(width: width, height: height, channels: info.channels, pixels: pixels)
        if info.channels == 4, !keepCMYK { decoded = decoded.convertedFromInvertedCMYK() }
        // The scaled pixels stand for the image's size times the factor exactly (213.5 rows of a
        // 427-row image at 1/2, in 214 pixels): the resampler maps through that.
        let factor = Double(eighths) / 8
        return decoded.resized(to: plan, extent: (Double(info.width) * factor, Double(info.height) * factor))
    }

    /// The smallest n whose n/8 scale gives the `scaled` size (as chosen by ``scaledSize``).
    static func scaleEighths(_ width: Int, _ height: Int, scaled: (Int, Int)) -> Int {
        (1...8).first { (width * $0 + 7) / 8 == scaled.0 && (height * $0 + 7) / 8 == scaled.1 } ?? 8
    }

    /// The smallest TurboJPEG scale (1/8, 1/4, 1/2 or 1) the plan allows (see
    /// ``ResizePlan/allowsDCTScale(numerator:denominator:scaledWidth:scaledHeight:)``).
    static func scaledSize(width: Int, height: Int, plan: ResizePlan) -> (Int, Int) {
        var factorCount: Int32 = 0
        let factors = UnsafeBufferPointer(start: tjGetScalingFactors(&factorCount), count: Int(factorCount))
        let candidates = factors
            .filter { $0.num > 0 && $0.denom > 0 && $0.num <= $0.denom }
            .sorted { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
        let chosen = candidates.first {
            plan.allowsDCTScale(
                numerator: Int($0.num), denominator: Int($0.denom), scaledWidth: scale(width, $0), scaledHeight: scale(height, $0))
        }
        return chosen.map { (scale(width, $0), scale(height, $0)) } ?? (width, height)
    }

    /// `TJSCALED`: the dimension rounded up after scaling.
    private static func scale(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
