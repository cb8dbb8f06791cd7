import PhotoSourceKit

/// Walks JPEG markers up to the frame header (SOFn), reading the EXIF orientation on the way.
///
/// APPn and COM segments are skipped by their length, `FF` fill bytes and stray bytes are
/// skipped before a marker (as libjpeg does), and the walk stops at the frame header. Every length and offset is bounds-checked.
enum JPEGHeaderParser {
    /// Parses the header of the JPEG in `bytes` (which start with `FF D8`).
    static func parse(_ bytes: BoundedBytes) throws -> ImageHeader {
        var orientation = ExifOrientation.up
        var position = 2
        while true {
            guard let first = bytes.u8(position) else { throw truncated() }
            guard first == 0xFF else {
                // Stray bytes before a marker: libjpeg skips them with a warning ("extraneous bytes
                // before marker"), so the walk does too; ImageLimits.failOn decides if the file decodes.
                position += 1
                continue
            }
            // Any number of FF fill bytes may precede a marker code.
            var codePosition = position + 1
            while bytes.u8(codePosition) == 0xFF { codePosition += 1 }
            guard let code = bytes.u8(codePosition) else { throw truncated() }
            position = codePosition + 1
            switch code {
            case 0x01, 0xD0 ... 0xD7:
                continue // standalone markers (TEM, RSTn) have no length
            case 0xD8, 0xD9, 0xDA, 0x00:
                throw PhotoSourceError(
                    .invalidData,
                    "The JPEG file is corrupt: it has no frame header before marker FF\(hex(code)).")
            default:
                break
            }
            guard let length = bytes.u16(position) else { throw truncated() }
            guard length >= 2 else {
                throw PhotoSourceError(.invalidData, "The JPEG file is corrupt: a segment has length \(length).")
            }
            let payload = position + 2
            if isFrameHeader(code) {
                return try frameHeader(bytes, at: payload, code: code, orientation: orientation)
            }
            if code == 0xE1, orientation == .up, let found = exifOrientation(bytes, at: payload, length: length - 2) {
                orientation = found
            }
            position += length
        }
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC) which share the range.
    static func isFrameHeader(_ code: Int) -> Bool {
        (0xC0 ... 0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }

    private static func frameHeader(
        _ bytes: BoundedBytes, at payload: Int, code: Int, orientation: ExifOrientation
    ) throws -> ImageHeader {
        guard let height = bytes.u16(payload + 1), let width = bytes.u16(payload + 3) else { throw truncated() }
        guard width > 0, height > 0 else {
            throw PhotoSourceError(
                .invalidData,
                "The JPEG file declares a \(width)×\(height) frame; images with a zero (or DNL-defined) "
                    + "dimension are not supported.")
        }
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
        return ImageHeader(
            format: .jpeg, encodedSize: PixelSize(width: width, height: height),
            orientation: orientation, hasAlpha: false, isProgressive: progressive)
    }

    /// The orientation in an APP1 payload that starts with `Exif\0\0`, or `nil`.
    static func exifOrientation(_ bytes: BoundedBytes, at payload: Int, length: Int) -> ExifOrientation? {
        guard bytes.matches(Array("Exif\0\0".utf8), at: payload) else { return nil }
        let tiffStart = payload + 6
        let tiffEnd = min(payload + length, bytes.count)
        var tiff = BoundedBytes(raw: UnsafeRawBufferPointer(rebasing: bytes.raw[min(tiffStart, tiffEnd) ..< tiffEnd]))
        if tiff.matches([0x49, 0x49, 0x2A, 0x00], at: 0) {
            tiff.bigEndian = false
        } else if !tiff.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) {
            return nil
        }
        guard let ifd = tiff.u32(4), let count = tiff.u16(ifd) else { return nil }
        for index in 0 ..< count {
            let entry = ifd + 2 + index * 12
            guard let tag = tiff.u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), count 1: the value sits in the first two bytes of the value field.
            guard tiff.u16(entry + 2) == 3, let value = tiff.u16(entry + 8) else { return nil }
            return ExifOrientation(exifValue: value)
        }
        return nil
    }

    private static func truncated() -> PhotoSourceError {
        PhotoSourceError(
            .invalidData, "The JPEG file ends before its frame header; it is truncated or not a complete image.")
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
