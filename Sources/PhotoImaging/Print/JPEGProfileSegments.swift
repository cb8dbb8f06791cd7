import Foundation

/// Embeds an ICC profile and the print resolution into a JPEG that TurboJPEG wrote.
enum JPEGProfileSegments {
    /// The most profile bytes one APP2 segment holds (65,535 less the length, signature and counters).
    static let chunkBytes = 65_519

    /// `jpeg` with its JFIF density set to `dpi` and `profile` inserted as APP2 `ICC_PROFILE`
    /// segments right after the JFIF segment (or after SOI when there is none).
    static func embedding(_ profile: [UInt8], dpi: Int, into jpeg: Data) -> Data {
        var bytes = [UInt8](jpeg)
        var insertAt = 2
        // JFIF APP0: FF E0, length, "JFIF\0", version (2), units, x density (2), y density (2).
        if bytes.count > 20, bytes[2] == 0xFF, bytes[3] == 0xE0, Array(bytes[6..<11]) == Array("JFIF".utf8) + [0] {
            let density = UInt16(clamping: max(1, dpi))
            bytes[13] = 1  // dots per inch
            bytes[14] = UInt8(density >> 8); bytes[15] = UInt8(density & 0xFF)
            bytes[16] = UInt8(density >> 8); bytes[17] = UInt8(density & 0xFF)
            insertAt = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        }
        var segments = [UInt8]()
        let count = (profile.count + chunkBytes - 1) / chunkBytes
        for index in 0..<count {
            let chunk = profile[(index * chunkBytes)..<min(profile.count, (index + 1) * chunkBytes)]
            let length = 2 + 12 + 2 + chunk.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(count)]
            segments += chunk
        }
        bytes.insert(contentsOf: segments, at: insertAt)
        return Data(bytes)
    }
}
