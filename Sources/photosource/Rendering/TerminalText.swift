/// Text from outside (file and album names, ids, paths, messages that quote them) made safe to
/// print: every control character is shown as a visible escape instead of reaching the terminal.
///
/// A file named `\e[2J.jpg` would otherwise clear the screen, an OSC 52 sequence would write the
/// clipboard, a newline would split a listing line. C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F)
/// become `\x1b`-style escapes (newlines and tabs too, so one name stays one line), and the
/// invisible bidirectional overrides become `\u{202e}`-style escapes. Names that were not valid
/// UTF-8 already hold U+FFFD, which prints as itself. Used for all human output; JSON goes through
/// ``JSONText``, which escapes the same characters in JSON's own way.
enum TerminalText {
    /// `text` with every control character escaped.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result += scalar.value <= 0xFF ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
        }
        return result
    }

    /// C0, DEL, C1, and the bidirectional embedding, override and isolate controls.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
