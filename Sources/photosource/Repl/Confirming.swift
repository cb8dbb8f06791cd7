import Foundation

/// Someone the REPL can ask a yes-or-no question: the person at the terminal. A piped script
/// has no one to ask, so the REPL has no ``Confirming`` then and a command that would ask
/// refuses instead, saying which option goes ahead without asking (`order --yes`).
protocol Confirming: Sendable {
    /// Shows `question` (which ends with `[y/N] `) and returns whether the answer was yes;
    /// anything else, Ctrl-C or the end of input is no.
    func confirm(_ question: String) async -> Bool
}

extension LineEditor: Confirming {
    /// Reads the answer on the edited line; it is not kept in the history.
    func confirm(_ question: String) async -> Bool {
        guard case .line(let answer) = await read(prompt: question, keepsHistory: false) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
