import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The real `photosource serve` binary and its configuration: secrets from the environment and
/// from files, every problem listed, and `--print-config`.
@Suite("photosource serve, the process: configuration")
struct ServeConfigurationProcessTests {
    /// Runs `photosource` with `arguments` and `environment` (added to this process's) to its end.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String, errors: String) {
        try await ServeProcessTests.blocking {
            let process = Process()
            process.executableURL = try ServeProcessTests.binary()
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // Both pipes drained before waiting: a full pipe would block the child.
            let errorData = Data(errors.fileHandleForReading.readDataToEndOfFile())
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        }
    }

    /// `POST /v1/sessions` with `key`: the status.
    static func sessionStatus(_ server: ServeProcessTests.Server, key: String) async throws -> Int {
        try await ServeProcessTests.request(server.baseURL.appendingPathComponent("v1/sessions"), method: "POST", token: key).0
    }

    @Test("a config file with no secrets serves with the keys from the environment and from a file it names")
    func secretsFromEnvironmentAndFiles() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let state = library.stateFolder
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("\(ServiceHarness.key(3))\n".utf8).write(to: state.appendingPathComponent("signing-keys"))
        let config = state.appendingPathComponent("service.json")
        try Data("""
            {"sources": ["local:\(library.root.path)"], "stateDirectory": "\(state.path)", "signingKeysFile": "signing-keys"}
            """.utf8).write(to: config)
        // When
        let server = try await ServeProcessTests.start(
            serving: ["--config", config.path, "--port", "0"],
            environment: ["PHOTOSOURCE_SEALING_KEY": ServiceHarness.key(4), "PHOTOSOURCE_API_KEY": "shop-secret-key"])
        defer { server.process.terminate(); server.process.waitUntilExit() }
        // Then
        #expect(try await Self.sessionStatus(server, key: "shop-secret-key") == 201)
        #expect(try await Self.sessionStatus(server, key: "another-key") == 401)
    }

    @Test("a config file with several problems: exit 1, and standard error names each one on its own line with its JSON path")
    func everyProblemListed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-problems-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("service.json")
        try Data("""
            {"port": 8080, "sealingKeyFile": "missing-file",
             "destinations": [{"id": "a", "kind": "folder", "root": "/srv/a"}, {"id": "b", "kind": "httpUpload", "url": "ftp://x.example/in"}]}
            """.utf8).write(to: config)
        // When
        let result = try await Self.run(["serve", "--config", config.path], environment: ["PHOTOSOURCE_API_KEY": "k"])
        // Then
        #expect(result.status == 1)
        #expect(result.errors == """
            photosource: The configuration file \(config.path) is not valid (3 problems):
              $.sealingKeyFile: \(folder.path)/missing-file cannot be read (no such file).
              $.signingKeys: is missing; give at least one base64 key of 32 bytes or more here, in signingKeysFile, or in \
            PHOTOSOURCE_SIGNING_KEYS (photosource serve --print-config makes them).
              $.destinations[1].url: must be http or https with a host; "ftp://x.example/in" is not.

            """)
    }

    @Test("--print-config prints a file that serves as it is, with fresh keys each run and its API key on standard error")
    func printConfig() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("serve-starter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        // When
        let first = try await Self.run(["serve", "--print-config"], environment: ["PHOTOSOURCE_STATE_DIR": state.path])
        let second = try await Self.run(["serve", "--print-config"])
        // Then: fresh keys
        #expect(first.status == 0 && second.status == 0)
        let starter = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        let other = try #require(try JSONSerialization.jsonObject(with: Data(second.output.utf8)) as? [String: Any])
        #expect(starter["signingKeys"] as? [String] != other["signingKeys"] as? [String])
        #expect(starter["sealingKey"] as? String != other["sealingKey"] as? String)
        #expect(starter["stateDirectory"] as? String == state.path)
        let key = try #require(first.errors.firstMatch(of: /accepts is (psk_\S+)/)).1
        // And the file serves as printed (but for its sources: the demo library takes a while to make)
        let config = state.appendingPathComponent("service.json")
        let edited = first.output.replacingOccurrences(of: #""demo",\#n    "demo-cloud""#, with: #""demo-cloud""#)
        #expect(edited != first.output)
        try Data(edited.utf8).write(to: config)
        let server = try await ServeProcessTests.start(serving: ["--config", config.path, "--port", "0"], environment: [:])
        defer { server.process.terminate(); server.process.waitUntilExit() }
        #expect(try await Self.sessionStatus(server, key: String(key)) == 201)
    }

    @Test("without a config the API key survives a restart: the first start keeps it in a 0600 file and a restart accepts it")
    func noConfigKeepsItsKey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-kept-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The demo library comes from the user's cache, as for make serve (made there once if missing).
        let environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let keyFile = folder.appendingPathComponent("state/photosource/api-key")
        // When
        let first = try await ServeProcessTests.start(serving: ["--port", "0"], environment: environment)
        let key = try String(contentsOf: keyFile, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(try await Self.sessionStatus(first, key: key) == 201)
        first.process.terminate()
        first.process.waitUntilExit()
        let restarted = try await ServeProcessTests.start(serving: ["--port", "0"], environment: environment)
        defer { restarted.process.terminate(); restarted.process.waitUntilExit() }
        // Then
        #expect(try await Self.sessionStatus(restarted, key: key) == 201)
        #expect((try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("the device-flow transcript works from a config file: one that lists no sources has the demo cloud")
    func deviceFlowFromAFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("service.json")
        try Data("""
            {"stateDirectory": "\(folder.path)/state", "destinations": [{"id": "folder", "kind": "folder", "root": "\(folder.path)/orders"}]}
            """.utf8).write(to: config)
        // When
        let server = try await ServeProcessTests.start(serving: ["--config", config.path, "--port", "0"], environment: [
            "PHOTOSOURCE_DEVICE_SIGN_IN": "demo-cloud", "PHOTOSOURCE_API_KEY": "shop-secret-key",
            "PHOTOSOURCE_SIGNING_KEYS": ServiceHarness.key(3), "PHOTOSOURCE_SEALING_KEY": ServiceHarness.key(4),
        ])
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let (_, session) = try await ServeProcessTests.request(server.baseURL.appendingPathComponent("v1/sessions"), method: "POST", token: "shop-secret-key")
        let token = try #require((try JSONSerialization.jsonObject(with: session) as? [String: Any])?["token"] as? String)
        let (status, body) = try await ServeProcessTests.request(
            server.baseURL.appendingPathComponent("v1/sources/demo-cloud/sign-in"), method: "POST", token: token)
        // Then: the device flow's answer
        #expect(status == 200)
        let answer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(answer["userCode"] is String)
        #expect((answer["verificationURIComplete"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
    }
}
