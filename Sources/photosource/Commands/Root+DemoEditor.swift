import ArgumentParser
import Foundation
import SampleSources

extension Root {
    /// `photosource demo-editor [--port P]`: the demo photo editor on 127.0.0.1, until Ctrl-C.
    struct DemoEditorServer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo-editor",
            abstract: "Run the demo photo editor (a \"Send to…\" handler) on 127.0.0.1 until interrupted.",
            discussion: """
                The first line printed is the editor's address. A hand-off launches it with \
                ADDRESS/edit?image=URL&return=URL: it fetches the photo (only from this machine), \
                mirrors it left to right, POSTs it back to the return URL in the same format and \
                answers a page saying what it did. Its icons are ADDRESS/icon.png and \
                ADDRESS/icon@2x.png; --print-entry prints its catalog entry (for a service's \
                catalog.handlers) once it listens. SIGINT or SIGTERM stops it.
                """)

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 0

        @Flag(help: "Also print the editor's catalog entry (JSON) after its address.")
        var printEntry = false

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
        }

        func run() async throws {
            let editor = DemoEditor()
            let url = try await CommandFailure.reported { try await editor.start(port: port) }
            var lines = url.absoluteString + "\n"
            if printEntry {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                let entry = try await CommandFailure.reported { try encoder.encode(DemoEditor.catalogHandler(baseURL: url)) }
                lines += String(decoding: entry, as: UTF8.self) + "\n"
            }
            // Written straight to the file descriptor: a script reading a pipe sees it at once.
            FileHandle.standardOutput.write(Data(lines.utf8))
            FileHandle.standardError.write(Data(
                "photosource: the demo editor is running at \(url.absoluteString) (launch: \(url.absoluteString)/edit?image=…&return=…); Ctrl-C stops it.\n".utf8))
            await TerminationSignals.wait()
            await editor.stop()
            FileHandle.standardError.write(Data("photosource: the demo editor stopped.\n".utf8))
        }
    }
}
