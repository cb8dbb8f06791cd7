internal import CImagingShim
import PhotoSourceKit

/// The fast PNG path: the image data inflated whole with libdeflate and the rows unfiltered in
/// the C shim (`PNGFastDecode.c`, `PNGFastUnfilter.c`), then handed to the same resampler as
/// libpng's rows. About 1.7× faster than libpng's decode on 6 MP RGB and 4 MP RGBA photos.
///
/// It takes only files it decodes exactly as ``PNGDecoder``'s libpng path does: 8-bit gray,
/// gray+alpha (expanded to RGBA like libpng's `png_set_gray_to_rgb`), RGB and RGBA, not
/// interlaced, without tRNS or PLTE, with an intact chunk structure and a canonical zlib stream,
/// whose inflated data (and the concatenated IDAT chunks, when there are several) fit
/// ``ImageLimits/maxWholeImageBytes`` and the running ``DecodePool``'s memory budget. Everything
/// else — and every damaged file — is *declined*, and ``PNGDecoder`` decodes it with libpng,
/// which accepts it or reports its own error: a declined file costs some time, never a
/// different answer.
///
/// Memory: the inflated rows, height × (1 + row bytes) (18 MB for 6 MP RGB), are reserved from
/// the pool's budget while the image decodes. Each thread then keeps that buffer, when it is at
/// most 32 MiB, for its next PNG (`CImagingShim_pngFastAllocate`): on this VM fresh memory cost
/// a page fault and the kernel's zeroing per page, a third of the decode. So a pool of N
/// threads may hold up to N × 32 MiB between PNG decodes, outside the budget.
enum PNGFastDecoder {
    /// Why the fast path did not decode a file.
    struct Decline: Error, Equatable {
        enum Kind: Equatable {
            /// A format or size left to libpng.
            case unsupported
            /// A damaged chunk structure, zlib stream or filter byte.
            case damaged
        }

        let kind: Kind
        /// The shim's reason, e.g. "IDAT: CRC error", "not enough image data".
        let reason: String
    }

    /// What ``decode(_:plan:limits:portableUnfilter:)`` did.
    enum Outcome {
        case decoded(PixelBuffer)
        case declined(Decline)
    }

    /// How many rows are unfiltered per call into the shim.
    static let rowsPerBatch = 16

    /// Decodes `bytes` to `plan` (1 channel for gray, 3 for RGB, 4 for RGBA and gray+alpha), or
    /// declines. `portableUnfilter` uses the shim's plain-C filters instead of SSE2 (tests).
    static func decode(_ bytes: UnsafeRawBufferPointer, plan: ResizePlan, limits: ImageLimits, portableUnfilter: Bool = false)
        throws -> Outcome
    {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return .declined(Decline(kind: .damaged, reason: "no data"))
        }
        var info = CImagingShim_PNGFastInfo()
        let inspected = CImagingShim_pngFastInspect(base, bytes.count, &info)
        guard inspected == CIMAGINGSHIM_PNGFAST_OK else { return .declined(decline(inspected, info)) }
        info.portableUnfilter = portableUnfilter ? 1 : 0
        let image = Image(info: info, plan: plan)
        guard let cost = image.cost, cost <= limits.maxWholeImageBytes, cost <= DecodeMemoryBudget.current?.capacity ?? .max else {
            return .declined(Decline(kind: .unsupported, reason: "larger than the memory allowed for a whole-image decode"))
        }
        return try DecodeMemoryBudget.withCurrentReservation(cost, kind: "PNG") {
            var decoder = Run(base: base, count: bytes.count, info: info)
            if let pixels = image.identity ? decoder.decodeFull(image) : decoder.decodeResampled(image, plan: plan) {
                return .decoded(pixels)
            }
            return .declined(decline(decoder.status, decoder.info))
        }
    }

    private static func decline(_ status: Int32, _ info: CImagingShim_PNGFastInfo) -> Decline {
        let reason = info.reason.map { String(cString: $0) } ?? ""
        let unsupported = status == CIMAGINGSHIM_PNGFAST_UNSUPPORTED || status == CIMAGINGSHIM_PNGFAST_NO_MEMORY
        return Decline(kind: unsupported ? .unsupported : .damaged, reason: reason.isEmpty ? "status \(status)" : reason)
    }

    /// The decode's geometry and memory.
    private struct Image {
        let width: Int, height: Int
        /// Samples per stored pixel (2 for gray+alpha) and per output pixel (4 for it).
        let channels: Int, outputChannels: Int
        let rowBytes: Int, filteredBytes: Int
        /// The inflated rows plus room to gather several IDAT chunks into one stream.
        let bufferBytes: Int
        /// A full-size decode: no resampler, the rows are the result.
        let identity: Bool
        /// The bytes held at the peak, or `nil` on overflow.
        let cost: Int64?

        init(info: CImagingShim_PNGFastInfo, plan: ResizePlan) {
            width = Int(info.width)
            height = Int(info.height)
            channels = Int(info.channels)
            outputChannels = channels == 2 ? 4 : channels
            rowBytes = info.rowBytes
            filteredBytes = info.filteredBytes
            bufferBytes = info.filteredBytes + info.scratchBytes
            identity = PNGDecoder.isFullSize(plan, width: width, height: height)
            // The inflated rows, the gathered IDAT chunks when there are several, and a
            // separate RGBA result when gray+alpha is decoded at full size.
            let gathered = Int64(info.scratchBytes)
            let expanded = identity && channels == 2 ? Int64(width) * Int64(height) * 4 : 0
            let (sum, overflow) = Int64(info.filteredBytes).addingReportingOverflow(gathered + expanded)
            cost = overflow ? nil : sum
        }
    }

    /// One decode's state: the shim's info and the last status.
    private struct Run {
        let base: UnsafePointer<UInt8>
        let count: Int
        var info: CImagingShim_PNGFastInfo
        var status = CIMAGINGSHIM_PNGFAST_OK

        init(base: UnsafePointer<UInt8>, count: Int, info: CImagingShim_PNGFastInfo) {
            self.base = base
            self.count = count
            self.info = info
        }

        private mutating func inflate(into filtered: UnsafeMutablePointer<UInt8>) -> Bool {
            status = CImagingShim_pngFastInflate(base, count, &info, filtered)
            return status == CIMAGINGSHIM_PNGFAST_OK
        }

        private mutating func unfilter(_ filtered: UnsafeMutablePointer<UInt8>, rows: Range<Int>) -> Bool {
            status = CImagingShim_pngFastUnfilterRows(filtered, &info, UInt32(rows.lowerBound), UInt32(rows.count))
            return status == CIMAGINGSHIM_PNGFAST_OK
        }

        /// Full size: inflated and unfiltered in one buffer, whose rows are then moved together
        /// over the filter-type bytes (gray, RGB, RGBA) or expanded into an RGBA result.
        mutating func decodeFull(_ image: Image) -> PixelBuffer? {
            var ok = false
            var filtered = [UInt8](unsafeUninitializedCapacity: image.bufferBytes) { buffer, initialized in
                initialized = 0
                guard let start = buffer.baseAddress, inflate(into: start), unfilter(start, rows: 0 ..< image.height) else { return }
                ok = true
                if image.channels != 2 {
                    for y in 0 ..< image.height {
                        (start + y * image.rowBytes).update(from: start + y * (image.rowBytes + 1) + 1, count: image.rowBytes)
                    }
                    initialized = image.rowBytes * image.height
                } else {
                    initialized = image.filteredBytes
                }
            }
            guard ok else { return nil }
            if image.channels == 2 {
                let stride = image.rowBytes + 1
                filtered = filtered.withUnsafeBufferPointer { rows in
                    [UInt8](unsafeUninitializedCapacity: image.width * image.height * 4) { rgba, initialized in
                        for y in 0 ..< image.height {
                            CImagingShim_pngFastGrayAlphaToRGBA(
                                rows.baseAddress! + y * stride + 1, rgba.baseAddress! + y * image.width * 4, image.width)
                        }
                        initialized = image.width * image.height * 4
                    }
                }
            }
            return PixelBuffer(width: image.width, height: image.height, channels: image.outputChannels, pixels: filtered)
        }

        /// Resampled: rows unfiltered a batch at a time and fed to the resampler while they are
        /// in cache. Rows after the resampler's last only have their filter type checked.
        mutating func decodeResampled(_ image: Image, plan: ResizePlan) -> PixelBuffer? {
            var resampler = plan.resampler(sourceWidth: image.width, sourceHeight: image.height, channels: image.outputChannels)
            let stride = image.rowBytes + 1
            var expanded = [UInt8](repeating: 0, count: image.channels == 2 ? image.width * 4 : 0)
            var capacity = 0
            guard let start = CImagingShim_pngFastAllocate(image.bufferBytes, &capacity) else {
                status = CIMAGINGSHIM_PNGFAST_NO_MEMORY
                return nil
            }
            defer { CImagingShim_pngFastRelease(start, capacity) }
            guard inflate(into: start) else { return nil }
            var row = 0
            while row < image.height, !resampler.isComplete {
                let rows = row ..< min(row + rowsPerBatch, image.height)
                guard unfilter(start, rows: rows) else { return nil }
                for y in rows {
                    let samples = UnsafeBufferPointer(start: start + y * stride + 1, count: image.rowBytes)
                    if image.channels == 2 {
                        expanded.withUnsafeMutableBufferPointer { rgba in
                            CImagingShim_pngFastGrayAlphaToRGBA(samples.baseAddress, rgba.baseAddress, image.width)
                            resampler.consume(row: UnsafeBufferPointer(rgba))
                        }
                    } else {
                        resampler.consume(row: samples)
                    }
                }
                row = rows.upperBound
            }
            // libpng reads every row, so a bad filter type after the last row used still fails.
            status = CImagingShim_pngFastCheckFilterTypes(start, &info, UInt32(row))
            guard status == CIMAGINGSHIM_PNGFAST_OK else { return nil }
            return resampler.result()
        }
    }
}
