import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The real `photosource` binary: `serve` on an ephemeral port, `ls --json` for the key comparison.
@Suite("photosource serve, the process")
struct ServeProcessTests {
    static func binary() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["PHOTOSOURCE_BINARY"] { return URL(fileURLWithPath: override) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("photosource")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "photosource next to \(CommandLine.arguments[0])"])
    }

    /// A running `photosource serve` with its address and output pipes.
    struct Server {
        let process: Process
        let baseURL: URL
        let errors: Pipe
    }

    /// Runs blocking work (pipe reads, `waitUntilExit`) on a Dispatch thread, never on the
    /// cooperative pool, which has only as many threads as cores: two blocked tests would stall all.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    static func start(library: URL, state: URL) async throws -> Server {
        try await blocking { try startBlocking(library: library, state: state) }
    }

    private static func startBlocking(library: URL, state: URL) throws -> Server {
        try startBlocking(state: state, configuration: """
            "sources": ["local:\(library.path)"]
            """)
    }

    /// Starts `photosource serve` on a configuration file in `state` holding the harness's keys
    /// and `configuration` (more top-level JSON members, without braces).
    /// `launcher`, when given, runs the binary (its path and arguments appended): a shell that
    /// sets up a file system first, for example.
    static func start(state: URL, configuration: String, launcher: [String] = []) async throws -> Server {
        try await blocking { try startBlocking(state: state, configuration: configuration, launcher: launcher) }
    }

    private static func startBlocking(state: URL, configuration: String, launcher: [String] = []) throws -> Server {
        let process = Process()
        process.executableURL = try launcher.first.map { URL(fileURLWithPath: $0) } ?? binary()
        let config = state.appendingPathComponent("config.json")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("""
            {\(configuration), "signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
             "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex(ServiceHarness.apiKey))"], "stateDirectory": "\(state.path)"}
            """.utf8).write(to: config)
        let arguments = (launcher.isEmpty ? [] : Array(launcher.dropFirst()) + [try binary().path])
            + ["serve", "--config", config.path, "--host", "127.0.0.1", "--port", "0"]
        return try launchBlocking(process, arguments: arguments)
    }

    /// Starts `photosource serve` with `arguments` (after `serve`) and `environment` added to this
    /// process's, and waits for its address.
    static func start(serving arguments: [String], environment: [String: String]) async throws -> Server {
        try await blocking {
            let process = Process()
            process.executableURL = try binary()
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            return try launchBlocking(process, arguments: ["serve"] + arguments)
        }
    }

    /// Runs `process` with `arguments` and reads its first line, the address.
    private static func launchBlocking(_ process: Process, arguments: [String]) throws -> Server {
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line is the address.
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix("listening on http://127.0.0.1:"))
        let url = try #require(URL(string: String(text.dropFirst("listening on ".count))))
        return Server(process: process, baseURL: url, errors: errors)
    }

    static func request(_ url: URL, method: String = "GET", token: String? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Starts `serve` over `library` with `Album/big.jpg` (a small JPEG followed by `padding`
    /// zero bytes; readers stop at its end marker) and returns the server, the photo's signed
    /// original URL (a path) and its bytes.
    static func serveBigOriginal(padding: Int, library: TestLibrary) async throws -> (Server, String, Data) {
        var big = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg"))
        big.append(Data(count: padding))
        try big.write(to: library.root.appendingPathComponent("Album/big.jpg"))
        let server = try await Self.start(library: library.root, state: library.stateFolder)
        let (status, body) = try await Self.request(server.baseURL.appendingPathComponent("v1/sessions"), method: "POST", token: ServiceHarness.apiKey)
        #expect(status == 201)
        let token = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String)
        let (_, itemBody) = try await Self.request(URL(string: "\(server.baseURL)/v1/sources/local-1/items/Album%2Fbig.jpg")!, token: token)
        let original = try #require((try JSONSerialization.jsonObject(with: itemBody) as? [String: Any])?["originalURL"] as? String)
        return (server, original, big)
    }

    @Test("serve prints its address first, answers, and SIGTERM lets an original in flight finish, then exits 0")
    func serveAndDrain() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let (server, original, big) = try await Self.serveBigOriginal(padding: 24 << 20, library: library)
        defer { if server.process.isRunning { server.process.terminate() } }
        // When: curl (rate-limited, like a slow lab) is part-way through the original as SIGTERM arrives
        let output = library.stateFolder.appendingPathComponent("original.bin")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--limit-rate", "16M", "-o", output.path, "\(server.baseURL)\(original)"]
        try curl.run()
        while ((try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0) < 1 << 20, curl.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(server.process.processIdentifier, SIGTERM)
        // Then: every byte still arrives, and the process exits cleanly
        _ = try await Self.blocking { curl.waitUntilExit() }
        let downloaded = try Data(contentsOf: output)
        #expect(curl.terminationStatus == 0)
        #expect(downloaded == big)
        _ = try await Self.blocking { server.process.waitUntilExit() }
        #expect(server.process.terminationStatus == 0)
    }

    @Test("SIGTERM while a slow reader is behind: the queued tail of the original still arrives before the close")
    func drainWaitsForQueuedBytes() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // 8 MiB: more than the kernel's socket buffers hold, so NIO queues the rest.
        let (server, original, big) = try await Self.serveBigOriginal(padding: 8 << 20, library: library)
        defer { if server.process.isRunning { server.process.terminate() } }
        let port = try #require(server.baseURL.port)
        let pid = server.process.processIdentifier
        // When: a reader with a 16 KiB socket buffer has 1 MiB, SIGTERM arrives, and it reads on slowly
        let response = try await Self.blocking {
            let reader = try SlowSocketReader(port: port, path: original)
            reader.read(atLeast: 1 << 20)
            kill(pid, SIGTERM)
            reader.readToEnd(pause: .milliseconds(2))
            return reader.response
        }
        // Then: the whole body, and a clean exit
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(response.body.count == big.count)
        #expect(response.body == big)
        _ = try await Self.blocking { server.process.waitUntilExit() }
        #expect(server.process.terminationStatus == 0)
    }

    @Test("an item listing has exactly the keys photosource ls --json prints, plus thumbnailURL and fitness")
    func keysMatchTheCLI() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // The CLI's object.
        let ls = Process()
        ls.executableURL = try Self.binary()
        ls.arguments = ["ls", "--json", "local:\(library.root.path)", "Album"]
        let output = Pipe()
        ls.standardOutput = output
        try ls.run()
        let cliData = try await Self.blocking {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            ls.waitUntilExit()
            return data
        }
        let cli = try #require(try JSONSerialization.jsonObject(with: cliData) as? [String: Any])
        // The service's object.
        let server = try await Self.start(library: library.root, state: library.stateFolder)
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let (_, body) = try await Self.request(server.baseURL.appendingPathComponent("v1/sessions"), method: "POST", token: ServiceHarness.apiKey)
        let token = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String)
        let (_, page) = try await Self.request(URL(string: "\(server.baseURL)/v1/sources/local-1/items?scope=Album&product=4x6")!, token: token)
        let service = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
        // Then
        #expect(Set(service.keys) == Set(cli.keys))
        #expect(service["page"] as? Int == cli["page"] as? Int)
        #expect(service["scope"] as? String == cli["scope"] as? String)
        let cliItems = try #require(cli["items"] as? [[String: Any]])
        let serviceItems = try #require(service["items"] as? [[String: Any]])
        #expect(cliItems.map { $0["id"] as? String } == serviceItems.map { $0["id"] as? String })
        for (cliItem, serviceItem) in zip(cliItems, serviceItems) {
            let extra = Set(serviceItem.keys).subtracting(cliItem.keys)
            #expect(Set(cliItem.keys).isSubset(of: serviceItem.keys))
            #expect(extra.isSubset(of: ["thumbnailURL", "fitness"]))
        }
    }
}
