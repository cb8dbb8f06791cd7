internal import CTurboJPEG
import Foundation
import PhotoSourceKit

/// Decodes JPEG with TurboJPEG, shrinking in the DCT domain while decoding (shrink-on-load).
///
/// Truncation policy: TurboJPEG only *warns* about premature end of data (and pads the image
/// with gray); the decoder passes `TJFLAG_STOPONWARNING`, so every warning is an error and a
/// truncated or corrupt JPEG is never returned as a good image.
enum JPEGDecoder {
    /// Decodes `data` (whose header is `header`) to the plan's size, in stored orientation.
    /// Gray JPEGs come out with 1 channel; colour and CMYK/YCCK ones with 3.
    static func decode(_ data: Data, header: ImageHeader, plan: ResizePlan, limits: ImageLimits) throws -> PixelBuffer {
        let handle = try TurboJPEGHandle(.decompressor)
        return try data.withUnsafeBytes { bytes in
            guard let source = bytes.bindMemory(to: UInt8.self).baseAddress else { throw invalid("The JPEG data is empty.") }
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
            guard tjDecompressHeader3(handle.raw, source, UInt(bytes.count), &width, &height, &subsampling, &colourspace) == 0
            else { throw handle.error(.invalidData, "The JPEG header is corrupt.") }
            if header.isProgressive {
                try limits.checkWholeImage(PixelSize(width: Int(width), height: Int(height)), kind: "progressive JPEG")
                let scans = JPEGScanCounter.countScans(bytes, limit: limits.maxProgressiveScans)
                guard scans <= limits.maxProgressiveScans else {
                    throw PhotoSourceError(
                        .tooLarge, "The progressive JPEG has more than \(limits.maxProgressiveScans) scans; "
                            + "it is refused as a likely decompression bomb (see ImageLimits.maxProgressiveScans).")
                }
            }
            let (scaledWidth, scaledHeight) = scaledSize(width: Int(width), height: Int(height), plan: plan)
            let isCMYK = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
            let isGray = colourspace == Int32(TJCS_GRAY.rawValue)
            let channels = isGray ? 1 : isCMYK ? 4 : 3
            let format = isGray ? TJPF_GRAY : isCMYK ? TJPF_CMYK : TJPF_RGB
            let count = scaledWidth * scaledHeight * channels
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = tjDecompress2(
                    handle.raw, source, UInt(bytes.count), buffer.baseAddress, Int32(scaledWidth), 0,
                    Int32(scaledHeight), Int32(format.rawValue), TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
                initialized = count  // on failure the contents are discarded below
            }
            guard status == 0 else {
                throw handle.error(.invalidData, "The JPEG data is truncated or corrupt and cannot be decoded.")
            }
            var decoded = PixelBuffer(width: scaledWidth, height: scaledHeight, channels: channels, pixels: pixels)
            if isCMYK { decoded = decoded.convertedFromInvertedCMYK() }
            // The scaled pixels stand for the image's size times the factor exactly (213.5 rows
            // of a 427-row image at 1/2, in 214 pixels): the resampler maps through that.
            let factor = scaleFactor(width: Int(width), height: Int(height), plan: plan)
            return decoded.resized(to: plan, extent: (Double(width) * factor, Double(height) * factor))
        }
    }

    /// The smallest TurboJPEG scale (1/8, 1/4, 1/2 or 1) the plan allows (see
    /// ``ResizePlan/allowsDCTScale(numerator:denominator:scaledWidth:scaledHeight:)``).
    static func scaledSize(width: Int, height: Int, plan: ResizePlan) -> (Int, Int) {
        let factor = chosenFactor(width: width, height: height, plan: plan)
        return factor.map { (scale(width, $0), scale(height, $0)) } ?? (width, height)
    }

    /// The factor of ``scaledSize(width:height:plan:)`` as a number (1 when not scaled).
    static func scaleFactor(width: Int, height: Int, plan: ResizePlan) -> Double {
        chosenFactor(width: width, height: height, plan: plan).map { Double($0.num) / Double($0.denom) } ?? 1
    }

    private static func chosenFactor(width: Int, height: Int, plan: ResizePlan) -> tjscalingfactor? {
        var factorCount: Int32 = 0
        let factors = UnsafeBufferPointer(start: tjGetScalingFactors(&factorCount), count: Int(factorCount))
        let candidates = factors
            .filter { $0.num > 0 && $0.denom > 0 && $0.num <= $0.denom }
            .sorted { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
        return candidates.first {
            plan.allowsDCTScale(
                numerator: Int($0.num), denominator: Int($0.denom), scaledWidth: scale(width, $0), scaledHeight: scale(height, $0))
        }
    }

    /// `TJSCALED`: the dimension rounded up after scaling.
    private static func scale(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    private static func invalid(_ message: String) -> PhotoSourceError { PhotoSourceError(.invalidData, message) }
}
