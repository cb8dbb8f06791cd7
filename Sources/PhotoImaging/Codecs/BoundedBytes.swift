/// Bounds-checked big- and little-endian reads over borrowed bytes: every read past the end
/// returns `nil` instead of trapping, so header parsers can walk hostile offsets safely.
struct BoundedBytes {
    /// The bytes; only valid inside the `withUnsafeBytes` call that produced them.
    let raw: UnsafeRawBufferPointer
    /// Whether multi-byte values are big-endian (JPEG, PNG, TIFF "MM") or little-endian (TIFF "II").
    var bigEndian = true

    /// The number of bytes.
    var count: Int { raw.count }

    /// The byte at `offset`, or `nil` when out of range.
    func u8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < raw.count else { return nil }
        return Int(raw[offset])
    }

    /// The 16-bit value at `offset`, or `nil` when it does not fit.
    func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= raw.count - 2 else { return nil }
        let a = Int(raw[offset]), b = Int(raw[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    /// The 32-bit unsigned value at `offset`, or `nil` when it does not fit.
    func u32(_ offset: Int) -> Int? {
        guard let high = u16(bigEndian ? offset : offset + 2), let low = u16(bigEndian ? offset + 2 : offset)
        else { return nil }
        return high << 16 | low
    }

    /// Whether the bytes at `offset` equal `bytes`.
    func matches(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= raw.count - bytes.count else { return false }
        for (index, byte) in bytes.enumerated() where raw[offset + index] != byte { return false }
        return true
    }
}
