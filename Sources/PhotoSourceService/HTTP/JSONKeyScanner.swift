/// Reads a JSON text once, strictly (RFC 8259), to find an object that names one key twice.
///
/// JSON leaves duplicate keys to the parser: one keeps the first value, another the last. A shop
/// that checks a body with its parser and a service that acts on it with ours could then disagree
/// on what was ordered, so the service refuses such bodies instead of picking a winner. Keys are
/// compared after unescaping (`"a"` and `"\u0061"` are one key) and as Swift strings compare
/// (canonically equivalent spellings of `é` are one key), which is how our decoder would see them.
///
/// The scanner does not decide whether the rest is valid for a route: a text that is not JSON is
/// reported as such and left to the route's decoder, which says what it expected.
struct JSONKeyScanner {
    /// What the scan found.
    enum Outcome: Equatable {
        /// Valid JSON in which no object names a key twice.
        case unique
        /// The first repeated key, and where its object is (`items[0]`; empty for the top level).
        case duplicate(key: String, path: String)
        /// Not a JSON text (or nested deeper than ``maximumDepth``).
        case notJSON
    }

    /// Deeper nesting is reported as ``Outcome/notJSON`` (the decoder refuses it too).
    static let maximumDepth = 512

    /// Scans `bytes` (UTF-8).
    static func scan(_ bytes: some Collection<UInt8>) -> Outcome {
        var scanner = JSONKeyScanner(bytes: Array(bytes))
        do {
            scanner.skipWhitespace()
            try scanner.value(path: "", depth: 0)
            scanner.skipWhitespace()
            return scanner.index == scanner.bytes.count ? .unique : .notJSON
        } catch .duplicate(let key, let path) {
            return .duplicate(key: key, path: path)
        } catch {
            return .notJSON
        }
    }

    private enum Stop: Error {
        case duplicate(key: String, path: String)
        case syntax
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func value(path: String, depth: Int) throws(Stop) {
        guard depth < Self.maximumDepth, let byte = current else { throw .syntax }
        switch byte {
        case UInt8(ascii: "{"): try object(path: path, depth: depth + 1)
        case UInt8(ascii: "["): try array(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string(keepingText: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    private mutating func object(path: String, depth: Int) throws(Stop) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        var keys: Set<String> = []
        while true {
            guard current == UInt8(ascii: "\"") else { throw .syntax }
            let key = try string(keepingText: true)
            guard keys.insert(key).inserted else { throw .duplicate(key: key, path: path) }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            try value(path: path.isEmpty ? key : "\(path).\(key)", depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return }
            try expect(",")
            skipWhitespace()
        }
    }

    private mutating func array(path: String, depth: Int) throws(Stop) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        var position = 0
        while true {
            try value(path: "\(path)[\(position)]", depth: depth)
            position += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return }
            try expect(",")
            skipWhitespace()
        }
    }

    /// Reads a string (the opening quote is current); its unescaped text when `keepingText`.
    private mutating func string(keepingText: Bool) throws(Stop) -> String {
        index += 1
        var text: [UInt8] = []
        var pendingHighSurrogate: UInt16?
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                if pendingHighSurrogate != nil { text.append(contentsOf: Self.replacement) }
                return keepingText ? String(decoding: text, as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                guard let escaped = current else { throw .syntax }
                index += 1
                if escaped == UInt8(ascii: "u") {
                    let unit = try hexUnit()
                    if keepingText { Self.append(unit, to: &text, pendingHighSurrogate: &pendingHighSurrogate) }
                    continue
                }
                guard let plain = Self.escapes[escaped] else { throw .syntax }
                if keepingText { Self.flush(&pendingHighSurrogate, into: &text); text.append(plain) }
            case 0..<0x20:
                throw .syntax
            default:
                if keepingText { Self.flush(&pendingHighSurrogate, into: &text); text.append(byte) }
            }
        }
        throw .syntax
    }

    private static let escapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt8(ascii: "/"),
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// U+FFFD in UTF-8, for a surrogate without its other half.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    private mutating func hexUnit() throws(Stop) -> UInt16 {
        guard index + 4 <= bytes.count else { throw .syntax }
        var unit: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Hex.value(of: byte) else { throw .syntax }
            unit = unit << 4 | UInt16(digit)
        }
        index += 4
        return unit
    }

    /// Appends one `\uXXXX` unit, pairing surrogates.
    private static func append(_ unit: UInt16, to text: inout [UInt8], pendingHighSurrogate: inout UInt16?) {
        if let high = pendingHighSurrogate, (0xDC00...0xDFFF).contains(unit) {
            pendingHighSurrogate = nil
            let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
            text.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            return
        }
        flush(&pendingHighSurrogate, into: &text)
        if (0xD800...0xDBFF).contains(unit) {
            pendingHighSurrogate = unit
        } else if let scalar = Unicode.Scalar(unit) {
            text.append(contentsOf: String(Character(scalar)).utf8)
        } else {
            text.append(contentsOf: replacement)
        }
    }

    private static func flush(_ pendingHighSurrogate: inout UInt16?, into text: inout [UInt8]) {
        if pendingHighSurrogate != nil { text.append(contentsOf: replacement) }
        pendingHighSurrogate = nil
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Stop) {
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") { index += 1; try digits() }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(Stop) {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        guard index > start else { throw .syntax }
    }

    private mutating func literal(_ word: String) throws(Stop) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else { throw .syntax }
        index += expected.count
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(Stop) {
        guard current == UInt8(ascii: character) else { throw .syntax }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }
}
