#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A numeric IPv4 or IPv6 address, parsed the way resolvers and URL parsers read host literals.
enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address as a 32-bit number (network order: first octet in the high byte).
    case v4(UInt32)
    /// An IPv6 address as 16 bytes, high half first.
    case v6(high: UInt64, low: UInt64)

    /// Parses `text`: IPv4 in every form `inet_aton` accepts (`127.1`, `2130706433`, `0x7f000001`,
    /// `017700000001`), or IPv6 with or without brackets and zone (`[fe80::1%eth0]`).
    /// Returns `nil` for anything else, such as a host name.
    init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text.contains(":") {
            guard let parsed = Self.parseV6(String(text)) else { return nil }
            self = parsed
        } else {
            if text.hasSuffix(".") { text = text.dropLast() }  // a fully qualified literal: "127.0.0.1."
            guard let value = Self.parseV4(text) else { return nil }
            self = .v4(value)
        }
    }

    /// The canonical text form (`127.0.0.1`, `::1`).
    var description: String {
        switch self {
        case .v4(let value):
            return (0..<4).map { String((value >> (24 - 8 * UInt32($0))) & 0xff) }.joined(separator: ".")
        case .v6:
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = byte }
            }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "?" }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The 16 bytes of an IPv6 address (empty for IPv4).
    var bytes: [UInt8] {
        guard case .v6(let high, let low) = self else { return [] }
        return (0..<8).map { UInt8((high >> (56 - 8 * UInt64($0))) & 0xff) }
            + (0..<8).map { UInt8((low >> (56 - 8 * UInt64($0))) & 0xff) }
    }

    /// `inet_aton` rules: one to four parts, each decimal, octal (leading 0) or hex (0x);
    /// the last part fills all remaining bytes. Works on the UTF-8 bytes without copying.
    private static func parseV4(_ text: Substring) -> UInt32? {
        var values: [UInt64] = []
        values.reserveCapacity(4)
        for part in text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard values.count < 4, let value = parseV4Part(part) else { return nil }
            values.append(value)
        }
        guard let last = values.last else { return nil }
        var result: UInt64 = 0
        for value in values.dropLast() {
            guard value <= 0xff else { return nil }
            result = result << 8 | value
        }
        let remainingBits = UInt64(8 * (5 - values.count))
        guard last < (1 << remainingBits) else { return nil }
        return UInt32(result << remainingBits | last)
    }

    private static func parseV4Part(_ part: Substring.UTF8View.SubSequence) -> UInt64? {
        var digits = part[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"), digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst(2)
            if digits.isEmpty { return 0 }  // "0x" alone is 0, as inet_aton reads it
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
            guard value <= 0xffff_ffff else { return nil }
        }
        return value
    }

    private static func parseV6(_ text: String) -> IPAddress? {
        let withoutZone = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        var address = in6_addr()
        guard inet_pton(AF_INET6, withoutZone, &address) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return .v6(high: high, low: low)
    }
}
