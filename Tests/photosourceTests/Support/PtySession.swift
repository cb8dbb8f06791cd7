import Foundation
import Synchronization
import Testing

/// `photosource` on a real pseudo-terminal, as a person at a terminal runs it: `script` (util-linux)
/// gives the child a pty with job control, forwards what ``send(_:)`` writes as keystrokes (so
/// Ctrl-C is `\u{3}` and reaches the line discipline) and copies the screen output back.
final class PtySession: Sendable {
    private let process: Process
    private let input: Pipe
    private let screen = ScreenText()

    /// Starts `photosource arguments…` in `environment` (HOME, XDG folders) with TERM=xterm.
    init(_ arguments: [String], environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let executable = try PhotosourceBinary.url(sourceLocation: sourceLocation)
        let command = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // exec: no shell stays in the foreground group to catch Ctrl-C's SIGINT and exit 130.
        process.arguments = ["--quiet", "--flush", "--return", "--command", "exec " + command, "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"].merging(environment) { $1 }
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let screen = screen
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if !chunk.isEmpty { screen.append(chunk) }
        }
        try process.run()
    }

    /// Everything the terminal showed so far (escapes included).
    var text: String { screen.text }

    /// Types `keys`.
    func send(_ keys: String) {
        input.fileHandleForWriting.write(Data(keys.utf8))
    }

    /// Types `line` and Enter, and waits for the next prompt.
    @discardableResult
    func enter(_ line: String) async -> Bool {
        await type(line + "\r")
    }

    /// Types `keys` and waits for the next prompt (`]>`, the end of every prompt): keys typed
    /// while a command runs would meet the terminal in cooked mode, where Ctrl-D is lost.
    @discardableResult
    func type(_ keys: String) async -> Bool {
        let prompts = occurrences(of: "]>")
        send(keys)
        return await waitFor("]>", count: prompts + 1)
    }

    private func occurrences(of needle: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Waits until the screen shows `needle` `count` times, for at most `seconds`; false if it never did.
    @discardableResult
    func waitFor(_ needle: String, count: Int = 1, seconds: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if occurrences(of: needle) >= count { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Whether the program is still running.
    var isRunning: Bool { process.isRunning }

    /// Waits for the program to end by itself, for at most `seconds`; its status, or nil.
    func exitStatus(within seconds: Double = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// What the terminal showed, appended by the reading handler; the `Mutex` guards it.
private final class ScreenText: Sendable {
    private let bytes = Mutex(Data())

    func append(_ chunk: Data) {
        bytes.withLock { $0.append(chunk) }
    }

    /// Decoded as a whole, so a character split across two reads is not lost.
    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
}
