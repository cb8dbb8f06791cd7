import Foundation
import Synchronization

/// A program on a pseudo-terminal that a test types into and reads the screen of: waiting for
/// prompts works the same whoever made the terminal (``PtySession``, ``WindowPtySession``).
protocol TerminalScreen: Sendable {
    /// Everything the terminal showed so far (escapes included).
    var text: String { get }
    /// Types `keys`.
    func send(_ keys: String)
    /// The program.
    var child: Process { get }
}

extension TerminalScreen {
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

    /// Whether the program is still running.
    var isRunning: Bool { child.isRunning }

    /// Waits for the program to end by itself, for at most `seconds`; its status, or nil.
    func exitStatus(within seconds: Double = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while child.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return child.isRunning ? nil : child.terminationStatus
    }

    /// How many times the screen shows `needle`.
    func occurrences(of needle: String) -> Int {
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
}

/// What a terminal showed, appended by a reading handler; the `Mutex` guards it.
final class ScreenText: Sendable {
    private let bytes = Mutex(Data())

    /// Adds what the program wrote.
    func append(_ chunk: Data) {
        bytes.withLock { $0.append(chunk) }
    }

    /// Decoded as a whole, so a character split across two reads is not lost.
    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
}
