import PhotoSourceKit
@testable import photosource

/// Runs REPL scripts over test sources and keeps what they printed.
struct ReplHarness {
    let browser: SourceBrowser
    let output = CapturedOutput()
    let repl: Repl

    /// A REPL over `sources` (default: the sample library), on a plain terminal unless told.
    init(
        sources: [any PhotoSource] = [SampleTree.library.source()], pageSize: Int = 10, terminal: Terminal = .plain,
        thumbnails: ThumbnailOptions = .inMemory(), confirmer: (any Confirming)? = nil, orders: OrderDesk = OrderDesk()
    ) {
        browser = SourceBrowser(sources: sources, pageSize: pageSize)
        repl = Repl(browser: browser, output: output, terminal: terminal, thumbnails: thumbnails, orders: orders, confirmer: confirmer)
    }

    /// Feeds `script` to the REPL as its whole input.
    func run(_ script: [String]) async {
        await repl.run(lines: AsyncStream { continuation in
            for line in script { continuation.yield(line) }
            continuation.finish()
        })
    }

    /// Runs `script`, then returns only the lines printed by `line`, run after it.
    func linesOf(_ line: String, after script: [String] = []) async -> [String] {
        await run(script)
        let before = output.lines.count
        await repl.execute(line)
        return Array(output.lines.dropFirst(before))
    }
}
