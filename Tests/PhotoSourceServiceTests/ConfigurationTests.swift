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

    @Test("with no file: demo sources, a generated API key, keys kept in the state folder across runs")
    func noConfigDefault() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-default-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try ServiceConfiguration.load(file: nil, environment: environment)
        let key = try #require(first.generatedAPIKey)
        #expect(first.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex(key)])
        #expect(first.configuration.stateDirectory == state.path + "/photosource")
        #expect(first.configuration.sources.contains("demo"))
        let second = try ServiceConfiguration.load(file: nil, environment: environment.merging(["PHOTOSOURCE_API_KEY": "mine"]) { $1 })
        #expect(second.generatedAPIKey == nil)
        #expect(second.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex("mine")])
        #expect(second.configuration.signingKeys == first.configuration.signingKeys)
        let attributes = try FileManager.default.attributesOfItem(atPath: state.path + "/photosource/service-keys.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
