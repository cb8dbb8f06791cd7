/// File names that are not valid UTF-8, carried in Swift `String`s without losing a byte.
///
/// A Linux file name is any bytes but `/` and NUL; a `String` holds only valid UTF-8, and
/// Foundation (`URL`, `String(cString:)`) replaces invalid bytes with U+FFFD, so two files can get
/// one name and neither can be opened again. Paths and item ids are therefore Strings in which
/// each component is **encoded**:
///
/// - a name that is valid UTF-8 stays exactly as it is (`café.jpg`, `100%.jpg`);
/// - any other name becomes `.%` followed by the name with each byte that is not part of a valid
///   UTF-8 character written `%XX` (upper-case hex), and `%` itself written `%25`:
///   `caf\xE9.jpg` becomes `.%caf%E9.jpg`.
///
/// An encoded name starts with `.`, which listed names never do (hidden files are not listed), so
/// it cannot collide with a listed name. For a bijection on all names, a valid name that happens
/// to read as an encoded one (`.%caf%E9.jpg` itself) is encoded once more (`.%.%25caf%25E9.jpg`),
/// and only the *canonical* encoded form decodes: `.%caf%e9.jpg` or `.%caf%C3%A9.jpg` (valid
/// UTF-8 once decoded) name themselves literally.
///
/// Paths are encoded component by component, so an encoded folder path plus `/` plus an
/// encoded name is the encoded path of the file, and appending text without `%` to an encoded
/// name (`_thumb`) gives the encoding of the name with those bytes appended.
public enum EncodedFileName {
    private static let marker = ".%"

    /// The encoded form of one file name given as raw bytes (no `/`).
    public static func encode(name bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !isCanonicalEscape(text) { return text }
        return marker + escape(Array(bytes))
    }

    /// The raw bytes of the file name an encoded component stands for.
    public static func decode(name component: some StringProtocol) -> [UInt8] {
        escapedBytes(component) ?? Array(component.utf8)
    }

    /// The encoded form of a path given as raw bytes: each component encoded, `/` kept.
    public static func encode(path bytes: some Collection<UInt8>) -> String {
        bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { encode(name: $0) }.joined(separator: "/")
    }

    /// The raw bytes of the path an encoded path stands for.
    public static func decode(path: some StringProtocol) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, component) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            bytes += decode(name: component)
        }
        return bytes
    }

    /// Calls `body` with the NUL-terminated raw path (for `open`, `stat`, `realpath`…).
    public static func withFileSystemPath<R>(_ path: some StringProtocol, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let bytes = decode(path: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The encoded path of a NUL-terminated raw path (as `realpath` or `readdir` return them).
    public static func encode(fileSystemPath cString: UnsafePointer<CChar>) -> String {
        encode(path: UnsafeRawBufferPointer(start: cString, count: strlenBytes(cString)))
    }

    /// What to show a person for an encoded name: invalid bytes as U+FFFD, never raw bytes.
    public static func displayName(_ component: some StringProtocol) -> String {
        guard escapedBytes(component) != nil else { return String(component) }
        return String(decoding: decode(name: component), as: UTF8.self)
    }

    /// What to show a person for an encoded path: each component as ``displayName(_:)`` shows it.
    public static func displayPath(_ path: some StringProtocol) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { displayName($0) }.joined(separator: "/")
    }

    /// Whether `component` is the canonical encoded form of some name (and so decodes).
    public static func isEncoded(_ component: some StringProtocol) -> Bool {
        escapedBytes(component) != nil
    }

    /// The decoded bytes when `component` is a canonical encoded name, else `nil`.
    private static func escapedBytes(_ component: some StringProtocol) -> [UInt8]? {
        guard component.hasPrefix(marker), let bytes = unescape(component.utf8.dropFirst(2)),
            encode(name: bytes) == component
        else { return nil }
        return bytes
    }

    private static func isCanonicalEscape(_ text: String) -> Bool {
        text.hasPrefix(marker) && escapedBytes(text) != nil
    }

    /// Valid UTF-8 characters but `%` kept; `%` and stray bytes as `%XX`.
    private static func escape(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0, bytes[index] != UInt8(ascii: "%") {
                out += String(decoding: bytes[index..<index + length], as: UTF8.self)
                index += length
            } else {
                out += "%" + hex(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func unescape(_ utf8: some Collection<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is not one.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        for length in 1...4 where index + length <= bytes.count {
            if String(validating: bytes[index..<index + length], as: UTF8.self) != nil { return length }
        }
        return 0
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func strlenBytes(_ cString: UnsafePointer<CChar>) -> Int {
        var count = 0
        while cString[count] != 0 { count += 1 }
        return count
    }
}
