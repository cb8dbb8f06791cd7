public import Foundation

/// A scan of raw JSON for how deep arrays and objects nest, so hostile input is refused before a
/// recursive decoder walks it.
enum JSONNesting {
    /// The first depth past `limit` found in `data`, or `nil` when it never goes deeper.
    static func firstDepth(beyond limit: Int, in data: Data) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
