import ArgumentParser
import Foundation
import SampleSources

extension Root {
    /// `photosource demo-lab [--port P]`: the demo print lab on 127.0.0.1, until Ctrl-C.
    struct DemoLabServer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo-lab",
            abstract: "Run the demo print lab on 127.0.0.1 until interrupted.",
            discussion: """
                The first line printed is the lab's address; orders go to ADDRESS/v4.0/Orders \
                (Prodigi v4's shape). For each order the lab downloads every asset, checks its MD5 and \
                sends signed callbacks (received, downloaded, printed, shipped, or failed) to \
                --callback-url, signed with --callback-secret; ADDRESS/v4.0/Orders/ID/actions/cancel \
                cancels an order until it is printing. Asset URLs and the callback may reach \
                public addresses, the callback's origin and the origins given with --allow-origin. \
                The fault options make it misbehave for tests and demos. SIGINT or SIGTERM stops it.
                """)

        @Option(help: "The port to listen on; 0 picks a free one.")
        var port = 0

        @Option(help: "Where status callbacks are POSTed, e.g. http://127.0.0.1:8080/v1/destinations/lab/callbacks.")
        var callbackURL: String?

        @Option(help: "The shared secret callbacks are signed with (at least 16 characters).")
        var callbackSecret = DemoLab.defaultCallbackSecret

        @Option(name: .customLong("allow-origin"), help: "An origin (scheme://host:port) assets may be downloaded from; repeatable.")
        var allowedOrigins: [String] = []

        @Option(help: "Seconds between one stage and the next.")
        var stageInterval = 1.0

        @Option(help: "Fault: answer 500 to the next N orders.")
        var failOrders = 0

        @Option(help: "Fault: abandon the next N asset download attempts.")
        var refuseDownloads = 0

        @Option(help: "Fault: milliseconds added before each order answer and between stages.")
        var latencyMs = 0

        @Flag(help: "Fault: send every callback twice.")
        var duplicateCallbacks = false

        @Flag(help: "Fault: report an MD5 mismatch (and fail) for the first asset of each order.")
        var wrongMd5 = false

        @Option(help: "Stage: keep every order at downloaded (a cancel is confirmed) or printing (a cancel is refused).")
        var holdAt: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
            if let callbackURL, URL(string: callbackURL)?.host == nil {
                throw ValidationError("--callback-url must be an http(s) URL with a host; \"\(callbackURL)\" is not.")
            }
            guard callbackSecret.utf8.count >= 16 else { throw ValidationError("--callback-secret must be at least 16 characters long.") }
            if let holdAt, DemoLab.Faults.HoldStage(rawValue: holdAt) == nil {
                throw ValidationError("--hold-at must be downloaded or printing; \"\(holdAt)\" is neither.")
            }
            guard stageInterval >= 0, failOrders >= 0, refuseDownloads >= 0, latencyMs >= 0 else {
                throw ValidationError("--stage-interval, --fail-orders, --refuse-downloads and --latency-ms must not be negative.")
            }
        }

        func run() async throws {
            let lab = DemoLab()
            lab.faults = DemoLab.Faults(
                serverErrorNextOrders: failOrders, latency: .milliseconds(latencyMs), duplicateCallbacks: duplicateCallbacks,
                reportWrongMD5: wrongMd5, refuseNextDownloads: refuseDownloads,
                holdAt: holdAt.flatMap(DemoLab.Faults.HoldStage.init(rawValue:)))
            let configuration = DemoLab.Configuration(
                callbackURL: callbackURL.flatMap(URL.init(string:)), callbackSecret: callbackSecret, trustedOrigins: allowedOrigins,
                stageInterval: .milliseconds(Int(stageInterval * 1000)))
            let url = try await CommandFailure.reported { try await lab.start(port: port, configuration: configuration) }
            // Written straight to the file descriptor: a script reading a pipe sees it at once.
            FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
            FileHandle.standardError.write(Data(
                "photosource: the demo lab is running at \(url.absoluteString) (orders: \(url.absoluteString)/v4.0/Orders); Ctrl-C stops it.\n".utf8))
            await TerminationSignals.wait()
            await lab.stop()
            FileHandle.standardError.write(Data("photosource: the demo lab stopped.\n".utf8))
        }
    }
}
