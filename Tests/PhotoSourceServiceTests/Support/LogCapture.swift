import Logging
import Synchronization

/// Collects every log line (message and metadata, rendered as text) for tests that grep logs.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger at `.trace` that writes here.
    var logger: Logger {
        var logger = Logger(label: "test.service") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Everything logged so far.
    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(merged) \(event.source)")
        }
    }
}
