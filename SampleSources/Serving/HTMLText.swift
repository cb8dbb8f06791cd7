/// Text made safe to place in HTML content and in quoted attribute values: the demo cloud's
/// approval pages and the service's picker pages share it.
package enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as character references.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
