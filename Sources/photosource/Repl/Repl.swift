import PhotoSourceKit
import PhotoSourceService

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
    /// The products `info` judges a photo for: those the REPL's order service offers.
    let products: [Product]
    /// The orders placed with `order`, and the in-process service they go to.
    let orders: OrderDesk
    /// Who answers questions such as "order anyway?"; `nil` for a piped script, where such a
    /// command refuses and says which option goes ahead without asking.
    let confirmer: (any Confirming)?

    /// Creates a REPL over `browser`.
    init(
        browser: SourceBrowser, output: any TextOutput, terminal: Terminal = .plain,
        thumbnails: ThumbnailOptions = .inMemory(), products: [Product] = Product.defaults, orders: OrderDesk = OrderDesk(),
        confirmer: (any Confirming)? = nil
    ) {
        self.browser = browser
        self.output = output
        self.terminal = terminal
        self.thumbnails = thumbnails
        self.products = products
        self.orders = orders
        self.confirmer = confirmer
    }

    /// The styling that matches the terminal.
    var style: TextStyle { TextStyle(enabled: terminal.usesColor) }

    /// What one line did.
    enum Outcome: Sendable, Equatable {
        /// The command ran (or the line was blank).
        case succeeded
        /// The line could not be parsed or the command failed; one error line was written.
        case failed
        /// `quit`.
        case quit
    }

    /// Runs until `quit` or the end of `lines`; returns how many lines failed (so a piped
    /// script can end with a failure status).
    @discardableResult
    func run(lines: some AsyncSequence<String, Never>) async -> Int {
        await startSession()
        var failures = 0
        for await line in lines {
            let outcome = await execute(line)
            if outcome == .quit { return failures }
            if outcome == .failed { failures += 1 }
            await writePrompt()
        }
        if terminal.isInteractive { output.write("\n") }
        return failures
    }

    /// Runs on a terminal with `editor` until `quit` or Ctrl-D. Ctrl-C cancels the line being
    /// typed, or the running command, and comes back to the prompt.
    func run(editor: LineEditor, interrupts: InterruptibleCommand) async {
        await greet()
        while true {
            // The reset goes before the last space: libedit drops escapes after the last column.
            switch await editor.read(prompt: style.strong(String(await location().prompt.dropLast())) + " ") {
            case .end:
                output.write("\n")
                return
            case .interrupted:
                continue
            case .line(let line):
                let repl = self
                guard let outcome = await interrupts.run({ await repl.execute(line) }) else {
                    output.writeError(style.failure("Interrupted."))
                    continue
                }
                if outcome == .quit { return }
            }
        }
    }

    /// The banner, the first listing and the prompt, on a terminal.
    private func startSession() async {
        guard terminal.isInteractive else { return }
        await greet()
        await writePrompt()
    }

    /// The banner and the first listing.
    private func greet() async {
        output.line("photosource: \(await browser.sources.count) source(s). Type `help` for the commands; Ctrl-D or `quit` leaves.")
        await execute("ls")
    }

    /// Runs one line.
    @discardableResult
    func execute(_ line: String) async -> Outcome {
        let command: ReplCommand
        do {
            command = try ReplCommand.parse(line)
        } catch {
            output.writeError(style.failure(TerminalText.escaped(error.message)))
            return .failed
        }
        if command == .quit { return .quit }
        do {
            try await perform(command)
            return .succeeded
        } catch where Task.isCancelled {
            return .failed  // Ctrl-C: the session already said so, and is at the prompt again
        } catch let error as PhotoSourceError where error.code == .notLoggedIn {
            output.writeError(style.failure(await signInHint(for: error)))
        } catch {
            output.writeError(style.failure(ErrorText.line(for: error)))
        }
        return .failed
    }

    private func writePrompt() async {
        guard terminal.isInteractive else { return }
        output.write(await promptText())
    }

    /// The prompt: where the browser is, in bold.
    private func promptText() async -> String {
        style.strong(await location().prompt)
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
