import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    static func file(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("svc-config-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test("a minimal file gets defaults; the environment overrides it")
    func fileAndEnvironment() throws {
        let url = try Self.file("""
            {"signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
             "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"], "sources": ["demo"], "limits": {"requestsPerMinute": 7}}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let loaded = try ServiceConfiguration.load(
            file: url, environment: ["PHOTOSOURCE_PORT": "9999", "PHOTOSOURCE_ALLOWED_ORIGINS": "https://a.example, https://b.example"])
        #expect(loaded.generatedAPIKey == nil)
        #expect(loaded.configuration.port == 9999)
        #expect(loaded.configuration.allowedOrigins == ["https://a.example", "https://b.example"])
        #expect(loaded.configuration.limits.requestsPerMinute == 7)
        #expect(loaded.configuration.limits.maximumBodyBytes == ServiceConfiguration.Limits().maximumBodyBytes)
        #expect(loaded.configuration.limits.purgeIntervalSeconds == 300)
        #expect(loaded.configuration.products == Product.defaults)
        let overridden = try ServiceConfiguration.load(file: url, environment: ["PHOTOSOURCE_REQUESTS_PER_MINUTE": "9"])
        #expect(overridden.configuration.limits.requestsPerMinute == 9)
    }

    @Test("bad files are refused with a sentence naming the field", arguments: [
        (#"{"sealingKey": "x"}"#, "signingKeys"),
        (#"{"signingKeys": ["c2hvcnQ="], "sealingKey": "x", "apiKeyHashes": ["sha256:00"]}"#, "apiKeyHashes"),
        (#"{"signingKeys": ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="], "sealingKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "apiKeyHashes": [], "allowedOrigins": ["*"]}"#, "allowedOrigins"),
        (#"{"signingKeys": ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="], "sealingKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "apiKeyHashes": [], "limits": {"purgeIntervalSeconds": 0}}"#, "purgeIntervalSeconds"),
    ])
    func refusesBadFiles(json: String, field: String) throws {
        let url = try Self.file(json)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: PhotoSourceError.self) {
            try ServiceConfiguration.load(file: url, environment: ["PHOTOSOURCE_API_KEY": json.contains(#""apiKeyHashes": []"#) ? "k" : ""])
        }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains(field) == true)
    }

    @Test("with no file: demo sources, and keys kept in the state folder across runs, the API key's only as a hash")
    func noConfigDefault() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-default-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try ServiceConfiguration.load(file: nil, environment: environment)
        let key = try #require(first.generatedAPIKey)
        #expect(first.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex(key)])
        #expect(first.configuration.stateDirectory == state.path + "/photosource")
        #expect(first.configuration.sources == ["demo", "demo-cloud", "uploads", "received"])
        let second = try ServiceConfiguration.load(file: nil, environment: environment.merging(["PHOTOSOURCE_API_KEY": "mine"]) { $1 })
        #expect(second.generatedAPIKey == nil)
        #expect(second.apiKeyFile == nil)
        #expect(second.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex("mine")])
        #expect(second.configuration.signingKeys == first.configuration.signingKeys)
        let attributes = try FileManager.default.attributesOfItem(atPath: state.path + "/photosource/service-keys.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("with no file the API key made on the first start is kept: a restart accepts it, and it is in a 0600 file the operator can read")
    func noConfigKeepsTheAPIKey() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-apikey-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try ServiceConfiguration.load(file: nil, environment: environment)
        let key = try #require(first.generatedAPIKey)
        // When: the service starts again
        let restarted = try ServiceConfiguration.load(file: nil, environment: environment)
        // Then: the same key works, and is not shown again
        #expect(restarted.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex(key)])
        #expect(restarted.generatedAPIKey == nil)
        let file = try #require(restarted.apiKeyFile)
        #expect(file == state.path + "/photosource/api-key")
        #expect(first.apiKeyFile == file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == key + "\n")
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        // The service needs only the hash: the operator may delete the plain key once copied.
        try FileManager.default.removeItem(atPath: file)
        #expect(try ServiceConfiguration.load(file: nil, environment: environment).configuration.apiKeyHashes == restarted.configuration.apiKeyHashes)
        let kept = try String(contentsOfFile: state.path + "/photosource/service-keys.json", encoding: .utf8)
        #expect(!kept.contains(key))
    }
}
