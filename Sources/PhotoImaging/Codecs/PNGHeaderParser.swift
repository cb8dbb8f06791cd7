import PhotoSourceKit

/// Reads a PNG's IHDR chunk, and looks for `tRNS` among the chunks before the image data.
enum PNGHeaderParser {
    /// The colour types and the bit depths each allows (PNG spec, table 11.1).
    static let allowedBitDepths: [Int: Set<Int>] = [
        0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]

    /// Parses the header of the PNG in `bytes` (which start with the 8-byte signature).
    static func parse(_ bytes: BoundedBytes) throws -> ImageHeader {
        guard let length = bytes.u32(8), bytes.u8(8 + 8 + 13 + 3) != nil else { throw truncated() }
        guard length == 13, bytes.matches(Array("IHDR".utf8), at: 12) else {
            throw PhotoSourceError(.invalidData, "The PNG file is corrupt: it does not start with an IHDR chunk.")
        }
        let storedCRC = bytes.u32(29) ?? 0
        let computedCRC = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes.raw[12 ..< 29]))
        guard storedCRC == Int(computedCRC) else {
            throw PhotoSourceError(.invalidData, "The PNG file is corrupt: the IHDR chunk fails its CRC check.")
        }
        let width = bytes.u32(16) ?? 0, height = bytes.u32(20) ?? 0
        let bitDepth = bytes.u8(24) ?? 0, colourType = bytes.u8(25) ?? 0
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PhotoSourceError(
                .invalidData, "The PNG file declares a \(width)×\(height) image; both sides must be 1…2³¹−1.")
        }
        guard allowedBitDepths[colourType]?.contains(bitDepth) == true else {
            throw PhotoSourceError(
                .invalidData, "The PNG file declares colour type \(colourType) with bit depth \(bitDepth), "
                    + "which the PNG specification does not allow.")
        }
        let hasAlpha = colourType == 4 || colourType == 6 || hasTransparencyChunk(bytes, from: 33)
        return ImageHeader(format: .png, encodedSize: PixelSize(width: width, height: height), hasAlpha: hasAlpha)
    }

    /// Whether a `tRNS` chunk appears before the first `IDAT`, within the bytes available.
    private static func hasTransparencyChunk(_ bytes: BoundedBytes, from start: Int) -> Bool {
        var position = start
        while let length = bytes.u32(position), length <= Int(Int32.max) {
            if bytes.matches(Array("tRNS".utf8), at: position + 4) { return true }
            if bytes.matches(Array("IDAT".utf8), at: position + 4) { return false }
            position += 12 + length
        }
        return false
    }

    private static func truncated() -> PhotoSourceError {
        PhotoSourceError(.invalidData, "The PNG file ends before its IHDR chunk is complete; it is truncated.")
    }
}
