import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal the CLI talks to can do: decided once, from `isatty` and the environment;
/// its size is read again at each use (``size()``), since the window may be resized at any time.
struct Terminal: Sendable, Equatable {
    /// Standard input is a terminal: show the banner and the prompt.
    var isInteractive: Bool
    /// Output may contain ANSI escapes: standard output is a terminal (whatever feeds the input), and
    /// neither `NO_COLOR` nor `TERM=dumb` forbids it.
    var usesColor: Bool
    /// Output may use 24-bit colour escapes (`COLORTERM` is `truecolor` or `24bit`).
    var hasTrueColor: Bool
    /// Columns available for pictures and tables when the window's own size is not followed
    /// (or does not say).
    var width: Int
    /// Rows of the window (`view` fits pictures into them), under the same condition.
    var height: Int = 24
    /// Standard output is a terminal window whose size ``size()`` reads at each call.
    var followsWindow = false

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
            width: 80, height: 24, followsWindow: outputIsTerminal)
    }

    /// The size to draw into now: the window's size at this moment when following it (a person
    /// may have resized it since the last command), else ``width`` × ``height``.
    func size() -> (columns: Int, rows: Int) {
        guard followsWindow, let window = Self.windowSize() else { return (width, height) }
        return window
    }

    /// The size of the terminal on standard output (`TIOCGWINSZ`), or `nil` when it does not say.
    private static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
