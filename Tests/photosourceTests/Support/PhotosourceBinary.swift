import Foundation
import Testing

/// Runs the built `photosource` executable, the way a script would.
///
/// The binary sits next to the test bundle in the build folder (`<scratch>/<triple>/debug/`),
/// whatever the scratch path; `PHOTOSOURCE_BINARY` overrides the search.
enum PhotosourceBinary {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let output: String
        let errors: String

        /// Standard output split into lines, without the empty line after the last newline.
        var lines: [String] { Self.split(output) }
        /// Standard error split into lines.
        var errorLines: [String] { Self.split(errors) }

        private static func split(_ text: String) -> [String] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// The executable, or a test failure that says where it was looked for.
    static func url(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let manager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["PHOTOSOURCE_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {  // on macOS the runner is inside X.xctest/Contents/MacOS
            candidates.append(folder.appendingPathComponent("photosource"))
            folder.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/photosource"))
        let found = candidates.first { manager.isExecutableFile(atPath: $0.path) }
        return try #require(found, "no photosource binary among \(candidates.map(\.path)); build it first", sourceLocation: sourceLocation)
    }

    /// Runs `photosource arguments…` with `input` on standard input, in a clean environment
    /// (its own home, cache and config folders, so nothing of the user's is read or written)
    /// plus `environment`.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Result {
        let executable = try url(sourceLocation: sourceLocation)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes: nothing can fill up and deadlock while the process runs.
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // XDG_CACHE_HOME too: Foundation on Linux takes the home folder from the password
        // database, not from HOME, and the demo library and thumbnails go to the cache folder.
        let clean = [
            "HOME": scratch.path, "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        process.environment = clean.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let status = try await exitStatus(of: process)
        return Result(
            status: status,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            errors: try String(contentsOf: errorFile, encoding: .utf8))
    }

    /// Starts `process` and waits for it to end; returns its exit status.
    static func exitStatus(of process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
