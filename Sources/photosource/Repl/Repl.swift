import PhotoSourceKit

/// The interactive browser: reads command lines, drives a ``SourceBrowser``, writes what happened.
///
/// Input and output are injected, so tests script it line by line. When standard input is not a
/// terminal (``Terminal/isInteractive`` is false) there is no banner and no prompt, and with a
/// plain ``TextStyle`` no escapes, so a script's output is exactly the commands' output.
/// A bad line or a failing source prints one line (to the error stream) and the REPL goes on.
struct Repl: Sendable {
    /// The browsing state.
    let browser: SourceBrowser
    /// Where output goes.
    let output: any TextOutput
    /// What the terminal can do.
    let terminal: Terminal
    /// The thumbnail cache and prefetching.
    let thumbnails: ThumbnailOptions
    /// How print fitness is judged for `info`.
    let judge: PrintFitness

    /// Creates a REPL over `browser`.
    init(
        browser: SourceBrowser, output: any TextOutput, terminal: Terminal = .plain,
        thumbnails: ThumbnailOptions = .inMemory(), judge: PrintFitness = PrintFitness()
    ) {
        self.browser = browser
        self.output = output
        self.terminal = terminal
        self.thumbnails = thumbnails
        self.judge = judge
    }

    /// The styling that matches the terminal.
    var style: TextStyle { TextStyle(enabled: terminal.usesColor) }

    /// Runs until `quit` or the end of `lines`.
    func run(lines: some AsyncSequence<String, Never>) async {
        if terminal.isInteractive {
            output.line("photosource: \(await browser.sources.count) source(s). Type `help` for the commands.")
            await execute("ls")
            await writePrompt()
        }
        for await line in lines {
            guard await execute(line) else { return }
            await writePrompt()
        }
        if terminal.isInteractive { output.write("\n") }
    }

    /// Runs one line; returns `false` when the REPL should stop.
    @discardableResult
    func execute(_ line: String) async -> Bool {
        let command: ReplCommand
        do {
            command = try ReplCommand.parse(line)
        } catch {
            output.writeError(style.failure(error.message))
            return true
        }
        if command == .quit { return false }
        do {
            try await perform(command)
        } catch let error as PhotoSourceError where error.code == .notLoggedIn {
            output.writeError(style.failure(await signInHint(for: error)))
        } catch {
            output.writeError(style.failure(ErrorText.line(for: error)))
        }
        return true
    }

    private func writePrompt() async {
        guard terminal.isInteractive else { return }
        output.write(style.strong(await location().prompt))
    }

    /// Where the browser is, with the page count when the listed page knows it.
    func location() async -> Location {
        let title = await browser.source.title
        if let listed = await browser.currentPage {
            return Location(sourceTitle: title, listed: listed)
        }
        return Location(sourceTitle: title, scope: await browser.scope, page: await browser.page)
    }
}
