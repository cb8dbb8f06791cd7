import CEditLine
import Foundation
import Synchronization

/// The REPL's line editor on a terminal: libedit (BSD editline) with emacs keys, history kept
/// across runs in ``HistoryFile``, Tab completing command names, Ctrl-C cancelling the line, and
/// the line wrapped at the window's width as it is now (a resize while the person types is
/// noticed at once, through ``WindowResizes``).
///
/// `el_gets` blocks, so every read runs on a dedicated serial queue, never on the cooperative
/// pool. The editor state is only touched there, under the `Mutex` `state`; the key callbacks and
/// the character reader run inside `el_gets` on that queue and use only ``interrupted``, the
/// static command table and ``TerminalKeyReader``.
final class LineEditor: Sendable {
    /// What one read returned.
    enum Input: Sendable, Equatable {
        /// A line (without its newline).
        case line(String)
        /// Ctrl-C: the line was cancelled.
        case interrupted
        /// Ctrl-D on an empty line, or the end of input.
        case end
    }

    private struct State {
        let editLine: OpaquePointer
        let history: OpaquePointer
        /// The prompt the prompt callback hands to libedit (`strdup`ed, freed when replaced).
        var prompt: UnsafeMutablePointer<CChar>?
    }

    /// Set by the Ctrl-C key function, read once `el_gets` returns.
    private static let interrupted = Atomic<Bool>(false)

    private let state: Mutex<State>
    private let historyFile: URL?
    private let queue = DispatchQueue(label: "photosource.line-editor")

    /// An editor on standard input and output, or `nil` when libedit cannot start (no terminal).
    init?(historyFile: URL?) {
        setlocale(LC_CTYPE, "")  // multibyte input, such as names with accents
        guard let editLine = CEditLine_open("photosource"),
            let history = CEditLine_history_open(1000)
        else { return nil }
        CEditLine_configure(editLine, history) { editLine in
            CEditLine_client_data(editLine)?.assumingMemoryBound(to: CChar.self)
        }
        CEditLine_bind(editLine, "photosource-complete", "Complete a command name", { editLine, _ in
            guard let editLine else { return UInt8(CC_ERROR) }
            return LineEditor.complete(editLine)
        }, "^I")
        CEditLine_bind(editLine, "photosource-interrupt", "Cancel the line", { editLine, _ in
            LineEditor.interrupted.store(true, ordering: .sequentiallyConsistent)
            guard let editLine else { return UInt8(CC_NEWLINE) }
            CEditLine_show_interrupt(editLine)
            return UInt8(CC_REFRESH)
        }, "^C")
        _ = WindowResizes.shared  // SIGWINCH is caught from now on
        CEditLine_set_reader(editLine) { editLine, character in
            TerminalKeyReader.nextKey(editLine, into: character)
        }
        el_source(editLine, nil)  // ~/.editrc, as every libedit program reads it
        self.historyFile = historyFile
        if let historyFile {
            _ = CEditLine_history_load(history, historyFile.path)
        }
        state = Mutex(State(editLine: editLine, history: history, prompt: nil))
    }

    deinit {
        state.withLock { state in
            el_end(state.editLine)
            history_end(state.history)
            free(state.prompt)
        }
    }

    /// Shows `prompt` (which may contain ANSI escapes) and reads one line, which goes into the
    /// history unless `keepsHistory` is false (the answer to a question).
    func read(prompt: String, keepsHistory: Bool = true) async -> Input {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readNow(prompt: prompt, keepsHistory: keepsHistory)) }
        }
    }

    private func readNow(prompt: String, keepsHistory: Bool) -> Input {
        state.withLock { state in
            free(state.prompt)
            state.prompt = strdup(Self.markingEscapes(prompt))
            CEditLine_set_client_data(state.editLine, state.prompt)
            el_resize(state.editLine)  // the window may have changed while a command ran
            Self.interrupted.store(false, ordering: .sequentiallyConsistent)
            var count: Int32 = 0
            let raw = el_gets(state.editLine, &count)
            if Self.interrupted.exchange(false, ordering: .sequentiallyConsistent) { return .interrupted }
            guard let raw, count > 0 else { return count < 0 && errno == EINTR ? .interrupted : .end }
            var line = String(cString: raw)
            if line.hasSuffix("\n") { line.removeLast() }
            let entry = line.trimmingCharacters(in: .whitespaces)
            if keepsHistory && !entry.isEmpty {
                CEditLine_history_enter(state.history, entry)
                saveHistory(state.history)
            }
            return .line(line)
        }
    }

    /// Saves after every line, so a killed session keeps its history too.
    private func saveHistory(_ history: OpaquePointer) {
        guard let historyFile else { return }
        try? FileManager.default.createDirectory(
            at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        _ = CEditLine_history_save(history, historyFile.path)
    }

    /// `prompt` with each ANSI escape between `\1` marks, so libedit does not count it as width.
    static func markingEscapes(_ prompt: String) -> String {
        var marked = ""
        var inEscape = false
        for character in prompt {
            if character == "\u{1B}" {
                inEscape = true
                marked += "\u{1}\u{1B}"
            } else if inEscape && character.isLetter {
                inEscape = false
                marked += String(character) + "\u{1}"
            } else {
                marked.append(character)
            }
        }
        return marked
    }

    /// The Tab key: completes the command name before the cursor, or lists the candidates.
    private static func complete(_ editLine: OpaquePointer) -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let typed = String(decoding: UnsafeBufferPointer(start: start.withMemoryRebound(to: UInt8.self, capacity: 1) { $0 }, count: cursor - start), as: UTF8.self)
        switch ReplCompletion.complete(typed) {
        case .nothing:
            return UInt8(CC_REFRESH_BEEP)
        case .insert(let text):
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        case .candidates(let names):
            FileHandle.standardOutput.write(Data(("\n" + names.joined(separator: "  ") + "\n").utf8))
            return UInt8(CC_REDISPLAY)
        }
    }
}
