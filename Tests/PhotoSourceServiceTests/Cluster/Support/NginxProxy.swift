import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// nginx (Debian's nginx-light) started by a test in front of service instances: its own
/// configuration from `scripts/cluster/nginx-config.sh` in a temporary folder (pid file, error
/// log, temp and cache folders there), 127.0.0.1 on a free port, `daemon off`, workers as
/// `nobody` when the tests run as root. A round-robin upstream of the instances, `proxy_cache` on
/// the signed-thumbnail route standing in for a CDN (`X-Cache-Status: HIT`/`MISS`).
final class NginxProxy: Sendable {
    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    /// The folder holding its configuration, logs and cache.
    let folder: URL
    private let process: Process

    private init(baseURL: String, folder: URL, process: Process) {
        self.baseURL = baseURL
        self.folder = folder
        self.process = process
    }

    /// The repository's `scripts/cluster` folder.
    static let scripts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/cluster")

    /// Where nginx is: `PHOTOSOURCE_NGINX`, else Debian's path.
    static var binary: String { ProcessInfo.processInfo.environment["PHOTOSOURCE_NGINX"] ?? "/usr/sbin/nginx" }

    /// Starts nginx in front of `upstreams` (`127.0.0.1:PORT` each) on `port` (else a free one)
    /// and waits until it answers. A free port taken between choosing and binding is retried with another.
    static func start(upstreams: [String], port chosen: Int? = nil) async throws -> NginxProxy {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lastError = ""
        for _ in 0..<(chosen == nil ? 3 : 1) {
            let port = try chosen ?? LoopbackPort.free()
            let configuration = try await ServeProcessTests.blocking {
                try run(scripts.appendingPathComponent("nginx-config.sh").path, [folder.path, String(port)] + upstreams)
            }
            try Data(configuration.utf8).write(to: folder.appendingPathComponent("nginx.conf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path, "-e", folder.appendingPathComponent("error.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let proxy = NginxProxy(baseURL: "http://127.0.0.1:\(port)", folder: folder, process: process)
            if try await proxy.waitUntilListening() { return proxy }
            lastError = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }
        throw PhotoSourceTestError("nginx did not start: \(lastError)")
    }

    /// Polls the port until nginx accepts (at most 10 s); `false` when the process ended first.
    private func waitUntilListening() async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { return false }
            if Self.accepts(port: Int(baseURL.split(separator: ":").last!)!) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Stops nginx (SIGQUIT: graceful) and deletes its folder.
    func stop() async throws {
        if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
        let process = process
        _ = try await ServeProcessTests.blocking { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `executable` with `arguments`; its standard output, or an error with its standard error.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PhotoSourceTestError("\(executable) failed: \(String(decoding: problem, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A failure of the test's own machinery (a helper process that would not start), with its reason.
struct PhotoSourceTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
