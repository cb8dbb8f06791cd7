import Foundation

/// Keeps secrets out of text that goes into errors and logs.
enum SecretRedaction {
    /// The longest provider text kept in an error.
    static let maximumLength = 200
    /// Runs of token characters at least this long are treated as secrets even when unknown.
    static let tokenLikeLength = 20
    /// What a removed secret becomes.
    static let placeholder = "<redacted>"

    /// `text` cut to ``maximumLength`` characters, with every one of `secrets` and every
    /// token-like run (``tokenLikeLength`` or more letters, digits and `-._~+/=`) replaced by
    /// ``placeholder``, and control characters turned into spaces.
    static func clean(_ text: String, removing secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: placeholder)
        }
        result = redactTokenLikeRuns(in: result)
        result = String(result.map { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true ? " " : $0 })
        if result.count > maximumLength { result = String(result.prefix(maximumLength)) + "…" }
        return result
    }

    private static func redactTokenLikeRuns(in text: String) -> String {
        let tokenCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=")
        var output = ""
        var run = ""
        func flush() {
            output += run.count >= tokenLikeLength ? placeholder : run
            run = ""
        }
        for character in text {
            if tokenCharacters.contains(character) {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
