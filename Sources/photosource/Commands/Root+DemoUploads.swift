import ArgumentParser
import Foundation
import SampleSources

extension Root {
    /// `photosource demo-uploads [--port P] [--folder DIR]`: the demo upload receiver on 127.0.0.1, until Ctrl-C.
    struct DemoUploadsServer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo-uploads",
            abstract: "Run a demo upload endpoint for httpUpload destinations on 127.0.0.1 until interrupted.",
            discussion: """
                The first line printed is the upload URL (ADDRESS/uploads): put it in an httpUpload \
                destination's url. Each POST is one photo (multipart/form-data); the receiver keeps \
                each Idempotency-Key once and answers a repeat with the first answer \
                (Idempotent-Replayed: true) without storing it again, as every receiver of an \
                at-least-once sender must. With --folder, files are written to \
                DIR/<orderId>/<index>-<md5>.<ext>. On exit it prints how many POSTs were repeats. \
                SIGINT or SIGTERM stops it.
                """)

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 0

        @Option(help: "A folder to write the uploaded files into (created if missing).")
        var folder: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
        }

        func run() async throws {
            let receiver = DemoUploadReceiver()
            let base = try await CommandFailure.reported {
                try await receiver.start(port: port, folder: folder.map { URL(fileURLWithPath: $0, isDirectory: true) })
            }
            let url = base.appendingPathComponent("uploads").absoluteString
            // Written straight to the file descriptor: a script reading a pipe sees it at once.
            FileHandle.standardOutput.write(Data("\(url)\n".utf8))
            FileHandle.standardError.write(Data("photosource: the demo upload receiver takes uploads at \(url); Ctrl-C stops it.\n".utf8))
            await TerminationSignals.wait()
            await receiver.stop()
            let statistics = receiver.statistics
            FileHandle.standardError.write(Data(
                "photosource: the demo upload receiver stopped: \(statistics.stored) uploads kept, \(statistics.replays) repeats answered without storing.\n".utf8))
        }
    }
}
