import Foundation
import Synchronization
import Testing

/// `photosource` on a real pseudo-terminal, as a person at a terminal runs it: `script` (util-linux)
/// gives the child a pty with job control, forwards what ``send(_:)`` writes as keystrokes (so
/// Ctrl-C is `\u{3}` and reaches the line discipline) and copies the screen output back.
final class PtySession: TerminalScreen {
    let child: Process
    private let input: Pipe
    private let screen = ScreenText()

    /// Starts `photosource arguments…` in `environment` (HOME, XDG folders) with TERM=xterm.
    init(_ arguments: [String], environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let executable = try PhotosourceBinary.url(sourceLocation: sourceLocation)
        let command = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // exec: no shell stays in the foreground group to catch Ctrl-C's SIGINT and exit 130.
        child.arguments = ["--quiet", "--flush", "--return", "--command", "exec " + command, "/dev/null"]
        child.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"].merging(environment) { $1 }
        input = Pipe()
        let output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        child.standardError = output
        let screen = screen
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if !chunk.isEmpty { screen.append(chunk) }
        }
        try child.run()
    }

    /// Everything the terminal showed so far (escapes included).
    var text: String { screen.text }

    /// Types `keys`.
    func send(_ keys: String) {
        input.fileHandleForWriting.write(Data(keys.utf8))
    }

    deinit {
        if child.isRunning { child.terminate() }
    }
}
