#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A precomputed key that orders names the way people expect: `img2` before `img10`,
/// case-insensitively, with a deterministic tie-break so the order is total and stable.
///
/// Digit runs compare by value (by length once leading zeros are dropped, so numbers of any
/// length work), other runs compare lowercased, digits before letters. Names equal by those
/// rules (`IMG1` / `img01`) fall back to their UTF-8 bytes.
///
/// The rules are flattened into one byte string per name, so that sorting 100,000 names is
/// 1.7 million `memcmp`s: each digit run becomes `01 <length> <digits>`, each other run
/// `02 <lowercased UTF-8>`. The markers sort below any text byte, so numbers sort before text
/// and a shorter run before a longer one that extends it.
struct NaturalSortKey: Sendable, Comparable {
    /// The name the key was made from.
    let name: String
    /// A caller's tag, such as the position of the name's entry in a list; not part of the order.
    let index: Int
    private let key: [UInt8]
    private let bytes: [UInt8]

    /// The key of `name`; equal names are ordered by the UTF-8 bytes of `tieBreak` (default: `name`).
    init(_ name: String, index: Int = 0, tieBreak: String? = nil) {
        self.name = name
        self.index = index
        bytes = Array((tieBreak ?? name).utf8)
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 8)
        var text = String.UnicodeScalarView()
        var digits: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            key.append(0x02)
            key.append(contentsOf: String(text).lowercased().utf8)
            text.removeAll()
        }
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop(while: { $0 == 0x30 })
            key.append(0x01)
            key.append(UInt8(min(255, max(1, significant.count))))
            key.append(contentsOf: significant.isEmpty ? [0x30] : Array(significant))
            digits.removeAll()
        }
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                flushText()
                digits.append(UInt8(scalar.value))
            } else {
                flushDigits()
                text.append(scalar)
            }
        }
        flushText()
        flushDigits()
        self.key = key
    }

    static func == (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        lhs.bytes == rhs.bytes
    }

    static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        let order = compare(lhs.key, rhs.key)
        return order != 0 ? order < 0 : compare(lhs.bytes, rhs.bytes) < 0
    }

    /// Byte-wise order of `a` and `b` (a prefix first): negative, zero or positive.
    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? Int(order) : left.count - right.count
            }
        }
    }
}
