import Foundation

/// Hand-built JPEG headers (no image data) for header-parser tests.
enum JPEGHeaderBytes {
    /// SOI, then `segments`, then a frame header and an SOS marker.
    static func jpeg(
        width: Int, height: Int, frameMarker: UInt8 = 0xC0, before segments: [[UInt8]] = []
    ) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments { bytes += segment }
        bytes += frame(width: width, height: height, marker: frameMarker)
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        return Data(bytes)
    }

    /// A frame header (SOFn) for a 3-component image.
    static func frame(width: Int, height: Int, marker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, marker, 0x00, 0x11, 0x08]
            + be16(height) + be16(width)
            + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    }

    /// A segment with `marker` and `payload` (the length field is computed).
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    /// An EXIF APP1 segment whose IFD0 holds `entries` (tag, type, count, value) before the
    /// orientation entry, in little-endian (`II`) or big-endian (`MM`) byte order.
    static func exif(orientation: Int, littleEndian: Bool, ifdOffset: Int = 8, extraEntries: Int = 0) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { littleEndian ? be16(value).reversed() : be16(value) }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? be32(value).reversed() : be32(value) }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        tiff += u32(ifdOffset)
        tiff += [UInt8](repeating: 0, count: max(0, ifdOffset - 8))
        tiff += u16(extraEntries + 1)
        for index in 0 ..< extraEntries {  // e.g. ImageWidth, LONG, 1, value
            tiff += u16(0x0100 + index) + u16(4) + u32(1) + u32(640)
        }
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]  // SHORT, left-justified
        tiff += u32(0)
        return segment(0xE1, Array("Exif\0\0".utf8) + tiff)
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
}
