/// A syntax check of BCP-47 language tags (RFC 5646), as far as a catalog needs it:
/// language (2–3 letters; RFC 5646's 5–8-letter form has no registered language, so `english` is refused), then optional extlang, script (4 letters), region
/// (2 letters or 3 digits), variants, extensions and a private-use part. Registry
/// membership is not checked: `xx` passes, `en_US` does not.
public enum LanguageTag {
    /// Whether `tag` is a well-formed BCP-47 language tag.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard !tag.isEmpty, tag.count <= 64, tag.allSatisfy({ $0.isASCII }) else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map { String($0) }
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
            return false
        }
        var index = 0
        if parts[0].lowercased() == "x" { return privateUse(parts, from: 1) }
        guard isLetters(parts[0]), (2...3).contains(parts[0].count) else { return false }
        index = 1
        var extlangs = 0
        while index < parts.count, parts[index].count == 3, isLetters(parts[index]), extlangs < 3 {
            index += 1
            extlangs += 1
        }
        if index < parts.count, parts[index].count == 4, isLetters(parts[index]) { index += 1 }
        if index < parts.count, (parts[index].count == 2 && isLetters(parts[index])) || (parts[index].count == 3 && isDigits(parts[index])) {
            index += 1
        }
        while index < parts.count, isVariant(parts[index]) { index += 1 }
        while index < parts.count, parts[index].count == 1, parts[index].lowercased() != "x" {
            index += 1
            let start = index
            while index < parts.count, (2...8).contains(parts[index].count) { index += 1 }
            if index == start { return false }
        }
        if index < parts.count, parts[index].lowercased() == "x" { return privateUse(parts, from: index + 1) }
        return index == parts.count
    }

    private static func privateUse(_ parts: [String], from start: Int) -> Bool {
        start < parts.count && parts[start...].allSatisfy { (1...8).contains($0.count) }
    }

    private static func isVariant(_ part: String) -> Bool {
        (5...8).contains(part.count) || (part.count == 4 && part.first?.isNumber == true)
    }

    private static func isLetters(_ part: String) -> Bool { part.allSatisfy { $0.isLetter } }
    private static func isDigits(_ part: String) -> Bool { part.allSatisfy { $0.isNumber } }
}
