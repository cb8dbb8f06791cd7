import ArgumentParser
import Foundation
import Logging
import PhotoSourceKit
import PhotoSourceService

extension Root {
    /// `photosource serve [--config FILE] [--host H] [--port P]`: the print-ordering HTTP service;
    /// `photosource serve --print-config`: a starting configuration file with fresh keys.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Run the print-ordering HTTP service until interrupted.",
            discussion: """
                The first line printed is `listening on http://HOST:PORT`, the second where the web \
                picker is (/picker/, opened with a customer session's token). Without --config the \
                service runs on the demo library and the demo cloud, offers the demo editor \
                (demo.editor, on 127.0.0.1) in its catalog beside the bundled partners, takes the shop's API key from \
                PHOTOSOURCE_API_KEY (or makes one, keeps it in the state folder's api-key file and \
                prints where), and keeps its state under $XDG_STATE_HOME/photosource. SIGINT or \
                SIGTERM stops it after the requests in flight finish. The API is described at \
                GET /openapi.yaml; the configuration in docs/service-config.md.
                """)

        @Option(help: "The configuration file (JSON); see docs/service-config.md.")
        var config: String?

        @Option(help: "The address to listen on (overrides the file).")
        var host: String?

        @Option(help: "The port to listen on; 0 picks a free one (overrides the file).")
        var port: Int?

        @Flag(help: "Print a complete configuration file with fresh keys and every field at its default, then exit; the API key it accepts goes to standard error.")
        var printConfig = false

        func validate() throws {
            if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535; \(port) is not.") }
            if printConfig, config != nil || host != nil || port != nil {
                throw ValidationError("--print-config takes no other option; it prints a starting file to edit.")
            }
        }

        func run() async throws {
            if printConfig { return try await printStarter() }
            let environment = ProcessInfo.processInfo.environment
            var loaded = try await Self.reportingProblems {
                try ServiceConfiguration.load(file: config.map { URL(fileURLWithPath: $0) }, environment: environment)
            }
            if let host { loaded.configuration.host = host }
            if let port { loaded.configuration.port = port }
            Self.tellAboutAPIKey(loaded)
            var logger = Logger(label: "photosource.service")
            logger.logLevel = environment["PHOTOSOURCE_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            let shownHost = loaded.configuration.host
            var arguments = ServiceArguments(
                configuration: loaded.configuration, logger: logger, metrics: bootstrapServiceMetrics(),
                onListening: { port in
                    // Straight to the file descriptor: a script reading the pipe sees it at once.
                    FileHandle.standardOutput.write(Data("listening on http://\(shownHost):\(port)\n".utf8))
                    FileHandle.standardOutput.write(Data(Self.pickerLine(base: "http://\(shownHost):\(port)").utf8))
                })
            arguments.startsDemoEditor = startsDemoEditor
            try await CommandFailure.reported { try await runService(arguments) }
        }

        /// Whether the demo editor runs beside the service and is offered in its catalog: only
        /// without `--config` (a shop's configuration lists its own handlers).
        var startsDemoEditor: Bool { config == nil }

        /// The second line: where the web picker is and how to open it with a customer session.
        static func pickerLine(base: String) -> String {
            "picker at \(base)/picker/?session=TOKEN (TOKEN: curl -s -X POST -H \"Authorization: Bearer $PHOTOSOURCE_API_KEY\" \(base)/v1/sessions)\n"
        }

        /// `--print-config`: the starter file on standard output, its API key on standard error.
        private func printStarter() async throws {
            let starter = ServiceConfiguration.starter()
            let text = try await CommandFailure.reported { try starter.configuration.fileText() }
            FileHandle.standardOutput.write(Data(text.utf8))
            FileHandle.standardError.write(Data("""
                photosource: the API key this configuration accepts is \(starter.generatedAPIKey ?? "?")
                photosource: only its hash is in the file; give the key to the shop's backend (it is shown only now)

                """.utf8))
        }

        /// Without a configured key: the key made on this start (once), and where it is kept.
        private static func tellAboutAPIKey(_ loaded: ServiceConfiguration.Loaded) {
            var lines: [String] = []
            if let key = loaded.generatedAPIKey { lines.append("photosource: no API key was configured; made \(key)") }
            if let file = loaded.apiKeyFile {
                lines.append("photosource: the service's API key is kept in \(file) (mode 0600; it stays the same across restarts)")
            }
            if !lines.isEmpty { FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
        }

        /// Runs `body`; a configuration with problems is reported one problem per line (else as ``CommandFailure``).
        private static func reportingProblems<Value>(_ body: () throws -> Value) async throws -> Value {
            do {
                return try body()
            } catch let error as PhotoSourceError {
                guard let problems = error.underlying as? ConfigurationProblems else { return try await CommandFailure.reported { throw error } }
                let heading = error.message.range(of: "): ").map { String(error.message[..<$0.lowerBound]) + ")" } ?? error.message
                let lines = ["photosource: \(heading):"] + problems.problems.map { "  \($0)" }
                FileHandle.standardError.write(Data(lines.map { TerminalText.escaped($0) + "\n" }.joined().utf8))
                throw ExitCode.failure
            }
        }
    }
}
