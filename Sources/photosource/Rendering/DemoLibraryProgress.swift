import Foundation
import SampleSources
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first run's wait made visible: when a command needs the demo library and it is not
/// generated yet (several seconds of painting photos), a counter on standard error, if that is
/// a terminal (scripts keep a clean standard error). The `Mutex` `shown` keeps the count from
/// going backwards, since photos finish on several threads.
final class DemoLibraryProgress: Sendable {
    private let shown = Mutex(0)

    /// Generates the demo library now, with a progress line, when `sources` name `demo` and it is
    /// missing; otherwise does nothing (the source resolver then finds it ready).
    static func prepare(for sources: [String], visible: Bool = isatty(STDERR_FILENO) == 1) throws {
        guard sources.contains("demo"), !DemoLibrary.exists() else { return }
        guard visible else { return }
        let progress = DemoLibraryProgress()
        _ = try DemoLibrary.ensure { written, total in progress.update(written: written, total: total) }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func update(written: Int, total: Int) {
        let isNewest = shown.withLock { shown in
            guard written > shown else { return false }
            shown = written
            return true
        }
        if isNewest { FileHandle.standardError.write(Data(("\r" + Self.line(written: written, total: total)).utf8)) }
    }

    /// `Generating the demo library (first run only): 12 of 48 photos`.
    static func line(written: Int, total: Int) -> String {
        "Generating the demo library (first run only): \(written) of \(total) photos"
    }
}
