import Foundation

/// Where the CLI writes: normal output and error lines, kept apart so scripts can tell them apart.
protocol TextOutput: Sendable {
    /// Writes `text` as it is (no newline added), for prompts.
    func write(_ text: String)
    /// Writes one error line (a newline is added).
    func writeError(_ line: String)
}

extension TextOutput {
    /// Writes `text` followed by a newline.
    func line(_ text: String) { write(text + "\n") }
    /// Writes each line.
    func lines(_ texts: [String]) {
        if !texts.isEmpty { write(texts.joined(separator: "\n") + "\n") }
    }
}

/// The process's standard output and standard error, unbuffered so a prompt shows at once.
struct StandardStreams: TextOutput {
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
