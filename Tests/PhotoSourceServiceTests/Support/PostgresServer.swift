import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of the tests' own: `initdb` into a temporary folder, then `postgres` on
/// 127.0.0.1 with an ephemeral port (its socket in the same folder), as an unprivileged user
/// (`postgres` through `setpriv` when the tests run as root, as in CI; else the current user).
///
/// One server serves the whole test process (``shared()`` starts it once, lazily); each test
/// asks for a database of its own (``makeDatabase()``). A watchdog shell stops the server (fast
/// shutdown) and removes its folder within a second of the test process ending. When the server
/// cannot start, ``shared()`` throws, so the PostgreSQL cases fail loudly instead of skipping.
final class PostgresServer: Sendable {
    /// What went wrong starting or using the server.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The server's TCP port on 127.0.0.1.
    let port: Int
    /// The folder of its binaries (`/usr/lib/postgresql/N/bin`).
    let binaries: URL
    /// The user that owns the cluster (the superuser the tests connect as).
    let user: String

    private init(port: Int, binaries: URL, user: String) {
        self.port = port
        self.binaries = binaries
        self.user = user
    }

    private static let started = Task { try await start() }

    /// The server shared by every test of the process, started on first use.
    static func shared() async throws -> PostgresServer {
        try await started.value
    }

    /// A new, empty database and its URL (`postgres://user@127.0.0.1:PORT/NAME?sslmode=disable`).
    func makeDatabase() async throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try Self.run(binaries.appendingPathComponent("psql"), [
            "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q", "-c", "CREATE DATABASE \(name)",
        ])
        return "postgres://\(user)@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    // MARK: - Starting

    private static func start() async throws -> PostgresServer {
        let binaries = try findBinaries()
        let asRoot = getuid() == 0
        let user = asRoot ? "postgres" : (ProcessInfo.processInfo.environment["USER"] ?? "postgres")
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photosource-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = folder.appendingPathComponent("data")
        // Running as root: the server refuses root, so the folder goes to `postgres` and the
        // binaries run as that user.
        if asRoot { try run(URL(fileURLWithPath: "/bin/chown"), ["-R", "postgres:postgres", folder.path]) }
        let prefix = asRoot ? ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] : []
        try run(URL(fileURLWithPath: prefix.first ?? binaries.appendingPathComponent("initdb").path),
                Array(prefix.dropFirst()) + (asRoot ? [binaries.appendingPathComponent("initdb").path] : [])
                + ["-D", data.path, "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
        var lastFailure = "no attempt"
        for _ in 0..<3 {
            let port = try freePort()
            let server = [binaries.appendingPathComponent("postgres").path, "-D", data.path, "-p", "\(port)", "-k", folder.path,
                          "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
                          "-c", "full_page_writes=off", "-c", "max_connections=300", "-c", "shared_buffers=32MB"]
            let watchdog = Process()
            watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
            // The server runs in the background; the shell waits for the test process (its
            // owner) to end, then stops the server with a fast shutdown and removes the folder.
            watchdog.arguments = ["-c", """
                "$@" >"$LOG" 2>&1 &
                pg=$!
                while kill -0 "$OWNER" 2>/dev/null && kill -0 "$pg" 2>/dev/null; do sleep 1; done
                kill -INT "$pg" 2>/dev/null; wait "$pg"
                kill -0 "$OWNER" 2>/dev/null || rm -rf "$FOLDER"
                """, "watchdog"] + prefix + server
            watchdog.environment = ProcessInfo.processInfo.environment.merging(
                ["OWNER": "\(getpid())", "FOLDER": folder.path, "LOG": folder.appendingPathComponent("server.log").path]) { $1 }
            // Not the test process's output: the test runner reads that to its end, which would
            // wait for the watchdog, which waits for the test process to be gone.
            watchdog.standardInput = FileHandle.nullDevice
            watchdog.standardOutput = FileHandle.nullDevice
            watchdog.standardError = FileHandle.nullDevice
            try watchdog.run()
            let candidate = PostgresServer(port: port, binaries: binaries, user: user)
            if try await candidate.waitUntilReady(watchdog) { return candidate }
            lastFailure = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "no log"
        }
        throw Failure(description: "PostgreSQL did not start in \(folder.path): \(lastFailure)")
    }

    /// Waits (up to 60 s) for `pg_isready`; `false` when the server ended first (its port was taken).
    private func waitUntilReady(_ watchdog: Process) async throws -> Bool {
        for _ in 0..<600 {
            if !watchdog.isRunning { return false }
            if (try? Self.run(binaries.appendingPathComponent("pg_isready"), ["-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-q"])) != nil {
                return true
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "PostgreSQL on port \(port) was not ready after 60 s")
    }

    /// The newest `/usr/lib/postgresql/N/bin` with `initdb` in it.
    private static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).compactMap(Int.init).sorted(by: >)
        for version in versions {
            let bin = root.appendingPathComponent("\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        throw Failure(description: "PostgreSQL is not installed: no /usr/lib/postgresql/N/bin/initdb (apt-get install postgresql)")
    }

    /// A port nothing listens on now: bound to 127.0.0.1:0, read back, released.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket for a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "could not bind 127.0.0.1:0") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `executable` to its end; throws with its output when it fails.
    @discardableResult
    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
