import Foundation
import PhotoSourceKit

/// Decodes PNG: every colour type and bit depth, palette + tRNS, 16-bit scaled to 8.
///
/// Plain 8-bit gray, gray+alpha, RGB and RGBA files (most photos) go through ``PNGFastDecoder``
/// (libdeflate, whole-buffer inflate) when they fit the memory allowed for whole-image decodes;
/// it produces exactly libpng's bytes and declines anything it cannot, which libpng then decodes
/// or refuses with its own error. A ``DecodeFailOn/warning`` caller always gets libpng, which
/// reports the warnings that caller refuses.
///
/// With libpng, non-interlaced images are read a few rows at a time and streamed through the resampler, so
/// peak memory is the output plus those rows, however large the source. Adam7 interlaced images
/// can only be finished after their last pass, so they are read whole (bounded by
/// ``ImageLimits/maxWholeImageBytes`` and the running ``DecodePool``'s memory budget) and then
/// resampled. Truncation, critical-chunk CRC errors and zlib errors are always fatal; harmless
/// irregularities (a bad CRC on an ancillary chunk, which is then ignored, libpng's benign errors,
/// data after IEND) are accepted unless ``ImageLimits/failOn`` is ``DecodeFailOn/warning``.
enum PNGDecoder {
    /// How many rows are read per call into the shim.
    static let rowsPerBatch = 16

    /// Which implementation decodes a file (tests compare them).
    enum Path {
        /// The fast path when it takes the file, libpng otherwise.
        case automatic
        /// libpng only.
        case libpng
        /// The fast path only: a file it declines throws `.invalidData` with the reason in `detail`.
        case fast
    }

    /// Decodes `data` to the plan's size: 1 channel for opaque gray, 3 for RGB, 4 with alpha.
    static func decode(_ data: Data, plan: ResizePlan, limits: ImageLimits, path: Path = .automatic) throws -> PixelBuffer {
        try data.withUnsafeBytes { bytes in
            let strict = limits.failOn == .warning
            if path == .fast || (path == .automatic && !strict) {
                switch try PNGFastDecoder.decode(bytes, plan: plan, limits: limits) {
                case .decoded(let image): return image
                case .declined(let decline) where path == .fast:
                    throw PhotoSourceError(.invalidData, "The fast PNG path declined this file.", detail: decline.reason)
                case .declined: break
                }
            }
            let reader = try PNGReader(bytes, strict: strict)
            let info = try reader.readInfo()
            let image: PixelBuffer
            if info.interlaced {
                let size = PixelSize(width: info.width, height: info.height)
                let cost = ImageLimits.wholeImageCost(
                    retainedBytes: 0, decoded: size, outputChannels: info.channels, convertedChannels: 0) ?? .max
                try limits.checkWholeImage(size, cost: cost, kind: "interlaced PNG")
                image = try DecodeMemoryBudget.withCurrentReservation(cost, kind: "interlaced PNG") {
                    var pixels = [UInt8](repeating: 0, count: info.rowBytes * info.height)
                    try pixels.withUnsafeMutableBufferPointer { try reader.readImage(into: $0) }
                    try reader.readEnd()
                    return PixelBuffer(width: info.width, height: info.height, channels: info.channels, pixels: pixels)
                        .resized(to: plan)
                }
            } else {
                image = try streamRows(reader, info, plan: plan)
                try reader.readEnd()
            }
            if strict { try reader.checkNoWarnings() }
            return image
        }
    }

    /// Reads every row in batches, feeding each to a resampler for `plan`.
    private static func streamRows(_ reader: borrowing PNGReader, _ info: PNGReader.Info, plan: ResizePlan) throws -> PixelBuffer {
        if isFullSize(plan, width: info.width, height: info.height) {  // full-size decode: read straight into the result
            var pixels = [UInt8](repeating: 0, count: info.rowBytes * info.height)
            try pixels.withUnsafeMutableBufferPointer { try reader.readRows(into: $0, count: info.height) }
            return PixelBuffer(width: info.width, height: info.height, channels: info.channels, pixels: pixels)
        }
        var resampler = plan.resampler(sourceWidth: info.width, sourceHeight: info.height, channels: info.channels)
        var batch = [UInt8](repeating: 0, count: info.rowBytes * min(rowsPerBatch, info.height))
        var row = 0
        while row < info.height {
            let count = min(rowsPerBatch, info.height - row)
            try batch.withUnsafeMutableBufferPointer { rows in
                try reader.readRows(into: rows, count: count)
                for index in 0 ..< count {
                    resampler.consume(row: UnsafeBufferPointer(rebasing: rows[index * info.rowBytes ..< (index + 1) * info.rowBytes]))
                }
            }
            row += count
        }
        return resampler.result()
    }

    /// Whether `plan` keeps a `width`×`height` image as it is (no crop, no resize).
    static func isFullSize(_ plan: ResizePlan, width: Int, height: Int) -> Bool {
        let crop = plan.crop(sourceWidth: width, sourceHeight: height)
        return crop.width == width && crop.height == height && plan.width == width && plan.height == height
    }
}
