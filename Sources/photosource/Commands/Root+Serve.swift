import ArgumentParser
import Foundation
import Logging
import PhotoSourceService

extension Root {
    /// `photosource serve [--config FILE] [--host H] [--port P]`: the print-ordering HTTP service.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Run the print-ordering HTTP service until interrupted.",
            discussion: """
                The first line printed is `listening on http://HOST:PORT`. Without --config the \
                service runs on the demo library, takes the shop's API key from \
                PHOTOSOURCE_API_KEY (or makes one and prints it once to standard error), and keeps \
                its state under $XDG_STATE_HOME/photosource. SIGINT or SIGTERM stops it after the \
                requests in flight finish. The API is described at GET /openapi.yaml.
                """)

        @Option(help: "The configuration file (JSON); see the README's \"Run the service\".")
        var config: String?

        @Option(help: "The address to listen on (overrides the file).")
        var host: String?

        @Option(help: "The port to listen on; 0 picks a free one (overrides the file).")
        var port: Int?

        func validate() throws {
            if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
        }

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            var loaded = try await CommandFailure.reported {
                try ServiceConfiguration.load(file: config.map { URL(fileURLWithPath: $0) }, environment: environment)
            }
            if let host { loaded.configuration.host = host }
            if let port { loaded.configuration.port = port }
            if let key = loaded.generatedAPIKey {
                FileHandle.standardError.write(Data("photosource: no API key was configured; this run's key is \(key)\n".utf8))
            }
            var logger = Logger(label: "photosource.service")
            logger.logLevel = environment["PHOTOSOURCE_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            let shownHost = loaded.configuration.host
            let arguments = ServiceArguments(
                configuration: loaded.configuration, logger: logger, metrics: bootstrapServiceMetrics(),
                onListening: { port in
                    // Straight to the file descriptor: a script reading the pipe sees it at once.
                    FileHandle.standardOutput.write(Data("listening on http://\(shownHost):\(port)\n".utf8))
                })
            try await CommandFailure.reported { try await runService(arguments) }
        }
    }
}
