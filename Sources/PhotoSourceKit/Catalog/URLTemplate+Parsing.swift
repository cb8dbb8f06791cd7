import Foundation

extension URLTemplate {
    /// Splits a template into literals and placeholders.
    static func tokenize(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            literal += rest[..<open.lowerBound]
            let raw = rest[open.upperBound...].hasPrefix("{")
            let nameStart = raw ? rest.index(after: open.upperBound) : open.upperBound
            let closing = raw ? "}}}" : "}}"
            guard let close = rest[nameStart...].range(of: closing) else {
                throw PhotoSourceError(
                    .invalidData, "The URL template “\(text.prefix(200))” opens a placeholder with “{{” that is never closed.")
            }
            let name = String(rest[nameStart..<close.lowerBound])
            guard isParameterName(name) else {
                throw PhotoSourceError(
                    .invalidData,
                    "The URL template “\(text.prefix(200))” has a placeholder “\(name.prefix(100))” that is not a parameter name "
                        + "(letters, digits, “_”, “-” and “.”).")
            }
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
            tokens.append(.placeholder(name: name, raw: raw))
            rest = rest[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// Whether `name` can name a parameter.
    static func isParameterName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }
    }
}
