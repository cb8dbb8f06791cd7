import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal the CLI talks to can do: decided once, from `isatty` and the environment.
struct Terminal: Sendable, Equatable {
    /// Standard input is a terminal: show the banner and the prompt.
    var isInteractive: Bool
    /// Output may contain ANSI escapes: standard output is a terminal (whatever feeds the input), and
    /// neither `NO_COLOR` nor `TERM=dumb` forbids it.
    var usesColor: Bool
    /// Output may use 24-bit colour escapes (`COLORTERM` is `truecolor` or `24bit`).
    var hasTrueColor: Bool
    /// Columns available for pictures and tables.
    var width: Int
    /// Rows of the window (`view` fits pictures into them).
    var height: Int = 24

    /// A pipe or a file: no prompt, no escapes, 80 columns.
    static let plain = Terminal(isInteractive: false, usesColor: false, hasTrueColor: false, width: 80)

    /// The terminal of this process.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let inputIsTerminal = isatty(STDIN_FILENO) == 1
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let colorAllowed = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        let colorTerm = environment["COLORTERM"]?.lowercased()
        return Terminal(
            isInteractive: inputIsTerminal,
            usesColor: outputIsTerminal && colorAllowed,
            hasTrueColor: colorTerm == "truecolor" || colorTerm == "24bit",
            width: outputIsTerminal ? windowSize()?.columns ?? 80 : 80,
            height: outputIsTerminal ? windowSize()?.rows ?? 24 : 24)
    }

    /// The size of the terminal on standard output (`TIOCGWINSZ`), or `nil` when it does not say.
    private static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
