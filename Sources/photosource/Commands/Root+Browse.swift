import ArgumentParser
import Foundation
import PhotoSourceKit
import SampleSources

extension Root {
    /// `photosource browse [SOURCE…]`: the interactive browser, which a script can also drive.
    struct Browse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Browse sources interactively (or drive the browser with a piped script).",
            discussion: """
                Without SOURCE: demo, then a demo cloud started for this session (on 127.0.0.1, \
                sign-ins approved at once), then the sources listed one per line in \
                ~/.config/photosource/sources.
                When standard input is not a terminal there is no prompt and no colour, so a \
                script's output is exactly what its commands print; errors go to standard error, and \
                the exit status is 1 when any command failed. On a terminal, lines are edited with \
                libedit (history in $XDG_STATE_HOME/photosource/history, Tab completes commands); \
                Ctrl-C cancels the line or the running command, Ctrl-D or quit leaves.
                Commands:
                """ + "\n" + ReplCommandSpec.helpLines().dropFirst().joined(separator: "\n"))

        @Argument(help: ArgumentHelp("Sources to browse: demo, local:PATH (a folder), cloud:URL or urls:FILE.", valueName: "source"))
        var sources: [String] = []

        @Option(parsing: .unconditional, help: "Items per page, 1 to 500.")
        var pageSize = 20

        @OptionGroup var network: NetworkOptions

        func validate() throws {
            guard (1...500).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 500; \(pageSize) is not.") }
            for source in sources {
                try SourceResolver.standard.validate(source)
            }
        }

        func run() async throws {
            let demoCloud = sources.isEmpty ? DemoCloud() : nil
            let resolved = try await CommandFailure.reported {
                let resolver = SourceResolver.standard.with(network.settings())
                var arguments = sources.isEmpty ? try ConfiguredSources().arguments() : sources
                if let demoCloud {
                    // The demo cloud comes second: after the demo library, before the config file's sources.
                    let url = try await demoCloud.start(configuration: .init(autoApprove: true, logsLifecycle: false))
                    arguments.insert("cloud:" + url.absoluteString, at: min(1, arguments.count))
                }
                try DemoLibraryProgress.prepare(for: arguments)
                return try arguments.map { try resolver.resolve($0).source }
            }
            let browser = SourceBrowser(sources: resolved, pageSize: pageSize)
            let terminal = Terminal.current()
            let editor = terminal.isInteractive ? LineEditor(historyFile: HistoryFile.url()) : nil
            let repl = Repl(
                browser: browser, output: StandardStreams(), terminal: terminal,
                thumbnails: .standard(), confirmer: editor)
            var failures = 0
            if let editor {
                await repl.run(editor: editor, interrupts: InterruptibleCommand())
            } else {
                failures = await repl.run(lines: StandardInputLines.stream())
            }
            await repl.orders.stop()
            if let demoCloud {
                // Its port, and so its id, changes every run: a stored sign-in would never be used again.
                if let cloudURL = demoCloud.baseURL, let source = resolved.first(where: { $0.id == "cloud:" + cloudURL.absoluteString }) {
                    try? await source.signOut()
                }
                await demoCloud.stop()
            }
            if failures > 0 {
                // A script learns that something went wrong, as with `thumbnail`.
                StandardStreams().writeError("photosource: \(failures) command(s) failed.")
                throw ExitCode.failure
            }
        }
    }
}
