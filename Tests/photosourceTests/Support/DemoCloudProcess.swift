import Foundation
import Testing

/// `photosource demo-cloud --port 0` as a child process on 127.0.0.1, for end-to-end tests
/// (the test target cannot import the demo cloud itself). ``stop()`` sends SIGINT and waits.
final class DemoCloudProcess {
    /// The cloud's base URL, read from the first line the command prints.
    let url: URL
    /// `cloud:<url>`.
    var sourceArgument: String { "cloud:" + url.absoluteString }
    private let process: Process

    /// Starts the cloud and waits for its address; with `autoApprove` false a sign-in waits for a
    /// person on the approval page (for tests that need a command that runs until interrupted).
    init(autoApprove: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = try PhotosourceBinary.url(sourceLocation: sourceLocation)
        process.arguments = ["demo-cloud", "--port", "0"] + (autoApprove ? [] : ["--no-auto-approve"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // end of output: the command failed to start
            text.append(chunk)
        }
        let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let url = URL(string: line), url.host == "127.0.0.1" else {
            process.terminate()
            throw CloudStartFailure(line: line)
        }
        self.process = process
        self.url = url
    }

    /// Sends SIGINT and returns the exit status once the process has ended.
    ///
    /// Polls instead of `waitUntilExit()`: a blocked thread would starve Swift Testing's
    /// cooperative pool (two threads on a two-core machine) and time out unrelated tests.
    @discardableResult
    func stop() async -> Int32 {
        if process.isRunning { process.interrupt() }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The command printed no loopback URL.
    struct CloudStartFailure: Error, CustomStringConvertible {
        let line: String
        var description: String { "photosource demo-cloud printed \"\(line)\" instead of its URL" }
    }
}

/// Config and cache folders shared by several runs of the binary (so a sign-in made by one run
/// is found by the next), removed by ``remove()``.
struct SharedFolders {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-shared-\(UUID().uuidString)")

    /// XDG_CONFIG_HOME and XDG_CACHE_HOME inside ``root``.
    var environment: [String: String] {
        ["XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path]
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
