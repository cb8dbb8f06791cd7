import ArgumentParser
import Foundation
import SampleSources

extension Root {
    /// `photosource demo-cloud [--port P]`: the demo photo cloud on 127.0.0.1, until Ctrl-C.
    struct DemoCloudServer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo-cloud",
            abstract: "Run the demo photo cloud on 127.0.0.1 until interrupted.",
            discussion: """
                The first line printed is the cloud's address; browse it with \
                photosource browse cloud:ADDRESS. Sign-ins are approved at once unless \
                --no-auto-approve is given, in which case the approval page waits for a person. \
                SIGINT or SIGTERM stops the server cleanly.
                """)

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 0

        @Flag(inversion: .prefixedNo, help: "Approve sign-ins without showing the approval page.")
        var autoApprove = true

        @Option(help: ArgumentHelp(
            "Serve the JPEG and PNG files of this folder, byte for byte, as the only album instead of drawn photos.",
            valueName: "folder"))
        var photos: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
        }

        func run() async throws {
            let cloud = DemoCloud()
            let url = try await CommandFailure.reported {
                try await cloud.start(port: port, configuration: .init(
                    autoApprove: autoApprove, photoFolder: photos.map { URL(fileURLWithPath: $0) }))
            }
            // Written straight to the file descriptor: a script reading a pipe sees it at once.
            FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
            FileHandle.standardError.write(Data("photosource: the demo cloud is running at \(url.absoluteString); Ctrl-C stops it.\n".utf8))
            await TerminationSignals.wait()
            await cloud.stop()
            FileHandle.standardError.write(Data("photosource: the demo cloud stopped.\n".utf8))
        }
    }
}
