import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

/// A progressive JPEG decoded at 1/8 (every component through a 1×1 IDCT) is read from its DC
/// scans alone: the output must be byte for byte what reading every scan gives, and anything
/// the pruner cannot vouch for must reach libjpeg unchanged.
@Suite("JPEG scan pruning")
struct JPEGScanPruningTests {
    /// A progressive photo-like JPEG: 4:2:0 below quality 90, 4:4:4 from 90 (TurboJPEG's rule).
    static func progressive(quality: Int, width: Int = 640, height: Int = 480) throws -> Data {
        try ImageEncoder.jpeg(SyntheticImages.photographic(width: width, height: height), quality: quality, progressive: true)
    }

    /// A progressive gray or CMYK JPEG of photo-like samples.
    static func progressive(_ layout: JPEGEncoder.Layout) throws -> Data {
        let photo = SyntheticImages.photographic(width: 640, height: 480)
        var samples: [UInt8] = []
        for index in stride(from: 0, to: photo.pixels.count, by: 3) {
            let red = photo.pixels[index], green = photo.pixels[index + 1], blue = photo.pixels[index + 2]
            switch layout {
            case .gray: samples.append(green)
            case .cmyk: samples += [red, green, blue, red / 2 + 40]
            case .rgb: samples += [red, green, blue]
            }
        }
        return try JPEGEncoder.compress(samples, width: 640, height: 480, layout: layout, quality: 92, progressive: true)
    }

    /// Every output byte of a decode at `eighths`/8: RGB/gray/CMYK pixels, or the Y, Cb and Cr
    /// planes one after the other; with the scans the decode left out.
    static func decode(
        _ data: Data, eighths: Int = 1, raw: Bool, pruning: Bool, maxScans: Int = 100
    ) throws -> (output: [UInt8], dropped: Int) {
        try data.withUnsafeBytes { bytes in
            let reader = try JPEGReader(bytes, failOn: .error, maxScans: maxScans, pruneScans: pruning)
            let info = try reader.readHeader()
            if raw {
                let planes = try reader.startRaw(numerator: eighths, denominator: 8)
                var y = [UInt8](repeating: 0, count: planes[0].stride * planes[0].rows)
                var cb = [UInt8](repeating: 0, count: planes[1].stride * planes[1].rows)
                var cr = [UInt8](repeating: 0, count: planes[2].stride * planes[2].rows)
                try y.withUnsafeMutableBufferPointer { y in
                    try cb.withUnsafeMutableBufferPointer { cb in
                        try cr.withUnsafeMutableBufferPointer { cr in
                            try reader.readRaw(y: y.baseAddress!, cb: cb.baseAddress!, cr: cr.baseAddress!)
                        }
                    }
                }
                return (y + cb + cr, reader.droppedScans)
            }
            let size = try reader.start(numerator: eighths, denominator: 8)
            var pixels = [UInt8](repeating: 0, count: size.width * size.height * info.channels)
            try pixels.withUnsafeMutableBufferPointer { try reader.readImage(into: $0) }
            return (pixels, reader.droppedScans)
        }
    }

    /// The count of output bytes that differ (or -1 when the sizes differ); 0 when identical.
    static func differingBytes(_ one: [UInt8], _ other: [UInt8]) -> Int {
        one.count == other.count ? zip(one, other).filter { $0 != $1 }.count : -1
    }

    /// Where each scan of a well-formed JPEG starts (its SOS marker) and where its entropy-coded
    /// data starts and ends (walking segments and scan data).
    static func scans(_ data: Data) -> [(marker: Int, data: Range<Int>)] {
        let bytes = [UInt8](data)
        var scans: [(marker: Int, data: Range<Int>)] = [], position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let code = bytes[position + 1]
            if code == 0xD9 { break }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            var next = position + 2 + length
            if code == 0xDA {
                let start = next
                while next + 1 < bytes.count,
                      !(bytes[next] == 0xFF && bytes[next + 1] != 0 && !(0xD0 ... 0xD7).contains(bytes[next + 1])) {
                    next += 1
                }
                scans.append((position, start ..< next))
            }
            position = next
        }
        return scans
    }

    /// The offsets of the SOS markers.
    static func scanOffsets(_ data: Data) -> [Int] { scans(data).map(\.marker) }

    /// `data` with `insert` placed before every scan after the first.
    static func inserting(_ insert: [UInt8], beforeLaterScansOf data: Data) -> Data {
        var bytes = [UInt8](data)
        for offset in scanOffsets(data).dropFirst().reversed() { bytes.insert(contentsOf: insert, at: offset) }
        return Data(bytes)
    }

    @Test("A progressive JPEG at 1/8 decodes from its DC scans to the same bytes as from every scan",
          arguments: [(85, true), (92, true), (92, false)])
    func identicalColour(quality: Int, raw: Bool) throws {
        let data = try Self.progressive(quality: quality)

        // When
        let pruned = try Self.decode(data, raw: raw, pruning: true)
        let whole = try Self.decode(data, raw: raw, pruning: false)

        // Then
        #expect(pruned.dropped >= 5, "libjpeg's standard progression has 6 or more AC scans")
        #expect(whole.dropped == 0)
        #expect(Self.differingBytes(pruned.output, whole.output) == 0)
        #expect(Set(pruned.output).count > 20, "a real picture, not a flat field")
    }

    @Test("Gray and CMYK progressive JPEGs at 1/8 are pruned with identical pixels", arguments: [JPEGEncoder.Layout.gray, .cmyk])
    func identicalGrayAndCMYK(layout: JPEGEncoder.Layout) throws {
        let data = try Self.progressive(layout)

        let pruned = try Self.decode(data, raw: false, pruning: true)
        let whole = try Self.decode(data, raw: false, pruning: false)

        #expect(pruned.dropped > 0)
        #expect(Self.differingBytes(pruned.output, whole.output) == 0)
    }

    @Test("No pruning where an AC coefficient reaches the output: 2/8 and larger, and 4:2:0 chroma upsampled by a 2×2 IDCT")
    func onlyWhereExact() throws {
        let subsampled = try Self.progressive(quality: 85)
        let full = try Self.progressive(quality: 92)

        #expect(try Self.decode(subsampled, raw: false, pruning: true).dropped == 0)
        for eighths in [2, 4, 8] {
            #expect(try Self.decode(full, eighths: eighths, raw: true, pruning: true).dropped == 0)
            #expect(try Self.decode(full, eighths: eighths, raw: false, pruning: true).dropped == 0)
        }
        let baseline = try ImageEncoder.jpeg(SyntheticImages.photographic(width: 640, height: 480), quality: 92)
        #expect(try Self.decode(baseline, raw: true, pruning: true).dropped == 0)
    }

    @Test("Fill bytes and an application segment between scans still prune, to the same pixels")
    func fillBytesAndSegments() throws {
        let data = try Self.progressive(quality: 92)
        let padded = Self.inserting([0xFF, 0xFF] + JPEGHeaderBytes.segment(0xEF, Array("note".utf8)) + [0xFF], beforeLaterScansOf: data)
        #expect(padded.count > data.count)

        let pruned = try Self.decode(padded, raw: true, pruning: true)

        #expect(pruned.dropped > 0)
        let whole = try Self.decode(data, raw: true, pruning: false)
        #expect(Self.differingBytes(pruned.output, whole.output) == 0)
    }

    @Test("A progression libjpeg would smooth (a component never gets its AC scans) is read whole, to the same pixels",
          arguments: [true, false])
    func incompleteProgression(raw: Bool) throws {
        let data = try Self.progressive(quality: 92)
        // Without Cb's AC scans (component id 2): libjpeg then estimates Cb's AC coefficients
        // from its neighbours' DC and adjusts DC too, which a DC-only decode without block
        // smoothing would not do.
        var bytes = [UInt8](data)
        for scan in Self.scans(data).reversed() {
            let components = Int(bytes[scan.marker + 4]), first = bytes[scan.marker + 5 + 2 * components]
            if components == 1, bytes[scan.marker + 5] == 2, first > 0 { bytes.removeSubrange(scan.marker ..< scan.data.upperBound) }
        }
        let incomplete = Data(bytes)
        #expect(incomplete.count < data.count)

        let pruned = try Self.decode(incomplete, raw: raw, pruning: true)
        let whole = try Self.decode(incomplete, raw: raw, pruning: false)

        #expect(pruned.dropped == 0)
        #expect(Self.differingBytes(pruned.output, whole.output) == 0)
        let complete = try Self.decode(data, raw: raw, pruning: true)
        #expect(Self.differingBytes(whole.output, complete.output) > 0, "libjpeg smoothed Cb: other pixels than the complete file's")
    }

    @Test("Truncated, damaged and over-long progressive JPEGs reach libjpeg unpruned and fail as before")
    func refusalsUnchanged() throws {
        let data = try Self.progressive(quality: 92)
        let scans = Self.scanOffsets(data)
        let truncated = data.prefix(scans[scans.count - 2] + 40)  // inside the second-to-last scan
        let garbage = Self.inserting([0x12, 0x34, 0x56], beforeLaterScansOf: data)  // bytes between segments
        let cases: [(String, Data, Int)] = [("truncated", truncated, 100), ("stray bytes", garbage, 100),
                                            ("too many scans", data, scans.count - 1)]
        for (name, input, maxScans) in cases {
            for raw in [true, false] {
                // When
                let pruned = #expect(throws: PhotoSourceError.self, "\(name)") {
                    _ = try Self.decode(input, raw: raw, pruning: true, maxScans: maxScans)
                }
                let whole = #expect(throws: PhotoSourceError.self, "\(name)") {
                    _ = try Self.decode(input, raw: raw, pruning: false, maxScans: maxScans)
                }

                // Then
                #expect(pruned?.message == whole?.message, "\(name)")
                #expect(pruned?.detail == whole?.detail, "\(name)")
            }
        }
    }

    @Test("A 1/8 thumbnail of a progressive JPEG never reads its AC scans: zeroing them changes the full decode, not the thumbnail")
    func thumbnailIgnoresACScans() throws {
        let data = try Self.progressive(quality: 92, width: 1024, height: 768)
        // Every AC scan's data made into zero bytes (valid, but different coefficients).
        var bytes = [UInt8](data)
        for scan in Self.scans(data) where bytes[scan.marker + 5 + 2 * Int(bytes[scan.marker + 4])] != 0 {  // Ss > 0
            for position in scan.data where bytes[position] != 0xFF && (position == scan.data.lowerBound || bytes[position - 1] != 0xFF) {
                bytes[position] = 0
            }
        }
        let spec = ThumbnailSpec(maxPixelSize: 64, format: .png)

        // When
        let intact = try ThumbnailRenderer.render(data, spec: spec)
        let zeroed = try ThumbnailRenderer.render(Data(bytes), spec: spec)

        // Then
        #expect(intact.pixelSize == PixelSize(width: 64, height: 48))
        #expect(intact.data == zeroed.data)
        let full = try? ImageDecoder.decodeFull(Data(bytes))  // refused as corrupt, or other pixels
        let original = try ImageDecoder.decodeFull(data)
        #expect(full == nil || full?.pixels != original.pixels)
    }
}
