import Foundation

/// What a `Range` header asks of a representation of `size` bytes (RFC 9110 §14).
///
/// One range of bytes is served as asked. Everything RFC 9110 lets a server ignore is ignored,
/// which means the whole file with 200: another range unit, a malformed set (`bytes=5-3`,
/// `bytes=+5-`, `bytes=abc`), and several ranges at once (`bytes=0-1,5-9`; a lab that resumes
/// asks for one). Only a well-formed range with no byte inside the file is refused (416).
enum ByteRange: Equatable, Sendable {
    /// Send the whole representation: there is no single byte range to honour.
    case whole
    /// Send these bytes (206); always inside the representation.
    case part(ClosedRange<Int>)
    /// A well-formed range of which no byte exists (416 with `Content-Range: bytes */size`).
    case unsatisfiable

    /// Reads `header` (a `Range` value) for a representation of `size` bytes.
    static func parse(_ header: String, size: Int) -> ByteRange {
        guard let equals = header.firstIndex(of: "=") else { return .whole }
        // Range units are case-insensitive (RFC 9110 §14.1).
        guard header[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes" else { return .whole }
        // A list: empty elements are allowed and skipped (RFC 9110 §5.6.1).
        let specs = header[header.index(after: equals)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard specs.count == 1, let dash = specs[0].firstIndex(of: "-") else { return .whole }
        let spec = specs[0]
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // `-N`: the last N bytes, all of them when the file is shorter.
            guard let suffix = number(last) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)...(size - 1))
        }
        guard let start = number(first) else { return .whole }
        let end: Int?
        if last.isEmpty {
            end = nil
        } else {
            guard let value = number(last) else { return .whole }
            end = value
        }
        if let end, end < start { return .whole }  // invalid, so ignored (§14.1.1)
        guard start < size else { return .unsatisfiable }
        return .part(start...min(end ?? (size - 1), size - 1))
    }

    /// ASCII digits as a number, `Int.max` when they exceed it; `nil` for anything else
    /// (no sign, no spaces: `Int("+5")` would accept what the grammar does not).
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        var value = 0
        for digit in digits.utf8 {
            let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflowA || overflowB { return Int.max }
            value = sum
        }
        return value
    }
}
