import Foundation

/// Counts the scans (SOS markers) of a JPEG without decoding it, so a progressive JPEG with
/// an abusive number of scans (each one re-walks every coefficient) is refused up front.
///
/// Entropy-coded data is skipped with `memchr` for `FF`; inside it `FF 00` (a stuffed byte)
/// and `FF D0`…`FF D7` (restart markers) are data, any other `FF xx` is the next marker.
enum JPEGScanCounter {
    /// The number of scans, counting stops once it exceeds `limit` (returns `limit + 1`).
    static func countScans(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var position = 2
        var scans = 0
        while position + 3 < count {
            guard bytes[position] == 0xFF else { return scans }
            var codeAt = position + 1
            while codeAt < count, bytes[codeAt] == 0xFF { codeAt += 1 }
            guard codeAt + 2 < count else { return scans }
            let code = bytes[codeAt]
            if code == 0xD9 { return scans }
            if code == 0x01 || (0xD0 ... 0xD7).contains(code) {
                position = codeAt + 1
                continue
            }
            let length = Int(bytes[codeAt + 1]) << 8 | Int(bytes[codeAt + 2])
            position = codeAt + 1 + length
            guard code == 0xDA else { continue }
            scans += 1
            if scans > limit { return scans }
            position = nextMarker(base, count: count, from: position)
        }
        return scans
    }

    /// The offset of the first real marker at or after `start` in entropy-coded data.
    private static func nextMarker(_ base: UnsafeRawPointer, count: Int, from start: Int) -> Int {
        var position = start
        while position < count - 1 {
            guard let found = memchr(base + position, 0xFF, count - position) else { return count }
            let offset = base.distance(to: UnsafeRawPointer(found))
            guard offset + 1 < count else { return count }
            let next = base.load(fromByteOffset: offset + 1, as: UInt8.self)
            // Anything but a stuffed zero or a restart marker starts the next marker
            // (FF FF are fill bytes before one, which the marker loop skips).
            guard next == 0x00 || (0xD0 ... 0xD7).contains(next) else { return offset }
            position = offset + 2
        }
        return count
    }
}
