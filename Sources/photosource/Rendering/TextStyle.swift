import PhotoSourceKit

/// ANSI styling that disappears when the output is not a terminal.
struct TextStyle: Sendable {
    /// Whether escapes are written at all.
    let enabled: Bool

    /// Plain text, for pipes and tests.
    static let plain = TextStyle(enabled: false)

    /// Bold.
    func strong(_ text: String) -> String { wrap(text, "1") }
    /// Grey, for sizes and the back item.
    func faint(_ text: String) -> String { wrap(text, "2") }
    /// Bold blue, for albums and folders.
    func container(_ text: String) -> String { wrap(text, "1;34") }
    /// Green, for the selection mark.
    func marked(_ text: String) -> String { wrap(text, "32") }
    /// Red, for errors.
    func failure(_ text: String) -> String { wrap(text, "31") }

    /// Green, yellow or red by verdict.
    func verdict(_ verdict: PrintFitness.Verdict) -> String {
        switch verdict {
        case .good: wrap(verdict.rawValue, "32")
        case .acceptable: wrap(verdict.rawValue, "33")
        case .low: wrap(verdict.rawValue, "31")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
