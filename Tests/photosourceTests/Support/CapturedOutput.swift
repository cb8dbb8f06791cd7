import Synchronization
@testable import photosource

/// A ``TextOutput`` that keeps what was written, output and errors apart.
final class CapturedOutput: TextOutput {
    private let written = Mutex<(output: String, errors: [String])>(("", []))

    func write(_ text: String) {
        written.withLock { $0.output += text }
    }

    func writeError(_ line: String) {
        written.withLock { $0.errors.append(line) }
    }

    /// Everything written to the output, as it was written.
    var text: String { written.withLock { $0.output } }
    /// The output split into lines (a trailing newline does not make an empty last line).
    var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
    /// The error lines.
    var errors: [String] { written.withLock { $0.errors } }
}
