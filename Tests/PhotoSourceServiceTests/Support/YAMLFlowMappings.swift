import Foundation

/// Checks the flow mappings (`{key: value, …}`) of a YAML text the way a YAML parser reads them,
/// to catch what an editor does not see: in a flow mapping a comma ends a plain scalar, so
/// `{description: Stages (received, printed).}` is three entries, `description`, `printed).` and
/// nothing, not one description. Every entry must be `key: value` with a simple key.
///
/// A line-by-line reader, enough for openapi.yaml (whose flow mappings each fit on one line);
/// not a YAML parser.
enum YAMLFlowMappings {
    /// One sentence per entry that is not `key: value` (`line 234: …`); empty when all are.
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var reader = Reader(characters: Array(line))
            guard reader.seekFlowMappingStart() else { continue }
            reader.mapping()
            problems += reader.problems.map { "line \(offset + 1): \($0)" }
        }
        return problems
    }

    private struct Reader {
        let characters: [Character]
        var index = 0
        var problems: [String] = []

        var current: Character? { index < characters.count ? characters[index] : nil }

        /// Moves to a `{` that starts a block value (`key: {` or `- {`); false when the line has none.
        mutating func seekFlowMappingStart() -> Bool {
            let text = String(characters)
            for marker in [": {", "- {"] {
                if let range = text.range(of: marker) {
                    index = text.distance(from: text.startIndex, to: range.upperBound) - 1
                    return true
                }
            }
            return false
        }

        mutating func node() {
            skipSpaces()
            switch current {
            case "{": mapping()
            case "[": sequence()
            case "'", "\"": quoted()
            default: _ = plain()
            }
        }

        mutating func mapping() {
            index += 1
            while true {
                skipSpaces()
                guard let character = current else { problems.append("a flow mapping is not closed on its line"); return }
                if character == "}" { index += 1; return }
                let key: String
                if character == "'" || character == "\"" {
                    quoted()
                    key = "quoted"
                } else {
                    key = plain()
                    let simple = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || "$_.-".contains($0) }
                    if !simple { problems.append("the key \"\(key)\" is not a simple name (a comma in an unquoted value splits it)") }
                }
                skipSpaces()
                if current == ":" {
                    index += 1
                    node()
                    skipSpaces()
                } else {
                    problems.append("the entry \"\(key)\" has no value (a comma in an unquoted value splits it; quote the value)")
                }
                if current == "," { index += 1 } else if current != "}" { problems.append("unexpected text after \"\(key)\""); return }
            }
        }

        mutating func sequence() {
            index += 1
            while true {
                skipSpaces()
                guard let character = current else { problems.append("a flow sequence is not closed on its line"); return }
                if character == "]" { index += 1; return }
                node()
                skipSpaces()
                if current == "," { index += 1 } else if current != "]" { problems.append("unexpected text in a flow sequence"); return }
            }
        }

        /// A quoted scalar: `'…'` (`''` is a quote) or `"…"` (backslash escapes).
        mutating func quoted() {
            let quote = characters[index]
            index += 1
            while let character = current {
                index += 1
                if quote == "\"", character == "\\" { index += 1; continue }
                if character == quote {
                    if quote == "'", current == "'" { index += 1; continue }
                    return
                }
            }
            problems.append("a quoted value is not closed on its line")
        }

        /// A plain scalar in flow context: up to `,`, `}`, `]` or a `:` followed by a space or an indicator.
        mutating func plain() -> String {
            let start = index
            while let character = current {
                if ",}]".contains(character) { break }
                if character == ":" {
                    let next = index + 1 < characters.count ? characters[index + 1] : " "
                    if next == " " || ",}]".contains(next) { break }
                }
                index += 1
            }
            return String(characters[start..<index]).trimmingTrailingSpaces()
        }

        mutating func skipSpaces() {
            while current == " " { index += 1 }
        }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
