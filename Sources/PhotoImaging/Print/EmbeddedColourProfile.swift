internal import CImagingShim
import Foundation
import PhotoSourceKit

/// The ICC profile a JPEG (APP2 `ICC_PROFILE` segments) or PNG (`iCCP` chunk) carries.
enum EmbeddedColourProfile {
    /// Profiles larger than this are ignored as hostile (real ones are a few kB, CMYK ones up to ~2 MB).
    static let maximumBytes = 8 << 20

    /// The embedded profile of `data`, or `nil` when it has none. A profile that is malformed
    /// (chunks missing, too large, not inflatable) is also `nil`: the photo is then taken as sRGB.
    static func read(_ data: Data, format: ImageFormat) -> Data? {
        // Read in place: only the profile's own bytes are copied, never the photo.
        data.withUnsafeBytes { bytes in
            switch format {
            case .jpeg: fromJPEG(bytes)
            case .png: fromPNG(bytes)
            }
        }
    }

    /// Joins the APP2 `ICC_PROFILE\0` segments before the first scan, in their sequence order.
    static func fromJPEG(_ bytes: UnsafeRawBufferPointer) -> Data? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: [UInt8]] = [:]
        var expected = 0
        var offset = 2
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { break }  // start of scan / end of image
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE2, body.count > signature.count + 2, body.starts(with: signature) {
                let sequence = Int(body[body.startIndex + 12]), count = Int(body[body.startIndex + 13])
                guard sequence >= 1, count >= 1, sequence <= count, expected == 0 || expected == count else { return nil }
                expected = count
                chunks[sequence] = Array(body.dropFirst(14))
            }
            offset += 2 + length
        }
        guard expected > 0, chunks.count == expected else { return nil }
        var profile = [UInt8]()
        for sequence in 1...expected {
            guard let chunk = chunks[sequence] else { return nil }
            profile.append(contentsOf: chunk)
            guard profile.count <= maximumBytes else { return nil }
        }
        return Data(profile)
    }

    /// Inflates the `iCCP` chunk before the first `IDAT`.
    static func fromPNG(_ bytes: UnsafeRawBufferPointer) -> Data? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8)]), as: UTF8.self)
            guard length >= 0, length <= bytes.count - offset - 12 else { return nil }
            let body = bytes[(offset + 8)..<(offset + 8 + length)]
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "iCCP" {
                // Profile name (1–79 bytes), NUL, compression method 0, zlib stream.
                guard let nul = body.prefix(80).firstIndex(of: 0), nul + 1 < body.endIndex, body[nul + 1] == 0 else { return nil }
                return inflate(Array(body[(nul + 2)...]))
            }
            offset += 12 + length
        }
        return nil
    }

    /// A zlib stream inflated with libdeflate, at most ``maximumBytes``.
    static func inflate(_ stream: [UInt8]) -> Data? {
        var output = [UInt8](repeating: 0, count: maximumBytes)
        var produced = 0
        let status = stream.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                CImagingShim_zlibInflate(input.baseAddress, input.count, out.baseAddress, out.count, &produced)
            }
        }
        guard status == 0, produced >= 128 else { return nil }
        return Data(output.prefix(produced))
    }
}
