import Foundation

/// A version for downloads that carry no validator: a 64-bit hash of the bytes and their length,
/// so a changed photo under the same id still gets a new thumbnail.
///
/// Not cryptographic (nothing here is adversarial: a source can only confuse its own thumbnails),
/// but stable across processes, and word-at-a-time so a 6 MB original costs a few milliseconds,
/// not a decode.
enum ContentDigest {
    /// `"content:<hex>-<length>"` for `bytes`.
    static func validator(of bytes: Data) -> String {
        "content:" + String(hash(bytes), radix: 16) + "-\(bytes.count)"
    }

    /// Four interleaved multiply-xorshift lanes over 8-byte words, the tail bytewise, then mixed.
    static func hash(_ bytes: Data) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
            let words = raw.count / 32 * 4
            var index = 0
            while index < words {
                let offset = index * 8
                lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                index += 4
            }
            var value = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
            for offset in (words * 8)..<raw.count {
                value = mix(value, UInt64(raw[offset]))
            }
            return finish(value ^ UInt64(raw.count))
        }
    }

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        var value = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 29
        return value
    }

    private static func finish(_ state: UInt64) -> UInt64 {
        var value = state
        value ^= value >> 33
        value = value &* 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
