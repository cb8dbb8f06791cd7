import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("Configuration: sign-in flows")
struct SignInFlowConfigurationTests {
    static func load(_ fields: String, environment: [String: String] = [:]) throws -> ServiceConfiguration {
        let url = try ConfigurationTests.file("""
            {"signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
             "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"], \(fields)}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ServiceConfiguration.load(file: url, environment: environment).configuration
    }

    @Test("signInFlows names a cloud source by id; the catalog gives it that flow, the others keep the code flow")
    func flowsByID() throws {
        let configuration = try Self.load(
            #""sources": ["cloud:http://127.0.0.1:9/", "cloud:http://127.0.0.1:10/"], "signInFlows": {"cloud-2": "deviceCode"}"#)
        #expect(configuration.signInFlows == ["cloud-2": .deviceCode])
        let catalog = try SourceCatalog.resolve(configuration.sources, signInFlows: configuration.signInFlows)
        #expect(try catalog.source("cloud-2").signIn?.flow == .deviceCode)
        #expect(try catalog.source("cloud-1").signIn?.flow == .authorizationCode)
        // It survives writing the file back out.
        let again = try JSONDecoder().decode(ServiceConfiguration.self, from: try JSONEncoder().encode(configuration))
        #expect(again.signInFlows == ["cloud-2": .deviceCode])
    }

    @Test("a flow for a source that is not a cloud source, or an unknown flow, is refused naming it", arguments: [
        (#""sources": ["demo", "cloud:http://127.0.0.1:9/"], "signInFlows": {"cloud-1": "deviceCode"}"#, "cloud-1"),
        (#""sources": ["demo"], "signInFlows": {"demo": "deviceCode"}"#, "demo"),
        (#""sources": ["cloud:http://127.0.0.1:9/"], "signInFlows": {"cloud-1": "device"}"#, "signInFlows"),
    ])
    func refusesUnknown(fields: String, named: String) throws {
        let error = #expect(throws: PhotoSourceError.self) { try Self.load(fields) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains(named) == true)
    }

    @Test("PHOTOSOURCE_DEVICE_SIGN_IN switches the no-config demo cloud to the device flow")
    func environment() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-flows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let loaded = try ServiceConfiguration.load(
            file: nil, environment: ["XDG_STATE_HOME": state.path, "PHOTOSOURCE_DEVICE_SIGN_IN": "demo-cloud"])
        #expect(loaded.configuration.signInFlows == ["demo-cloud": .deviceCode])
        #expect(throws: PhotoSourceError.self) {
            try ServiceConfiguration.load(file: nil, environment: ["XDG_STATE_HOME": state.path, "PHOTOSOURCE_DEVICE_SIGN_IN": "demo"])
        }
    }

    @Test("a file that lists no sources gets the demo cloud too, so PHOTOSOURCE_DEVICE_SIGN_IN=demo-cloud works with --config")
    func demoCloudFromAFile() throws {
        // When
        let configuration = try Self.load(#""port": 0"#, environment: ["PHOTOSOURCE_DEVICE_SIGN_IN": "demo-cloud"])
        // Then
        #expect(configuration.sources == ["demo", "demo-cloud", "uploads", "received"])
        #expect(configuration.signInFlows == ["demo-cloud": .deviceCode])
    }

    @Test("a file whose sources leave the demo cloud out says how to add it")
    func demoCloudLeftOut() throws {
        let error = #expect(throws: PhotoSourceError.self) {
            try Self.load(#""sources": ["demo"]"#, environment: ["PHOTOSOURCE_DEVICE_SIGN_IN": "demo-cloud"])
        }
        let problems = (error?.underlying as? ConfigurationProblems)?.problems
        #expect(problems == [ConfigurationProblem(
            path: "PHOTOSOURCE_DEVICE_SIGN_IN", message: #""demo-cloud" is not a cloud source here (there is none); add "demo-cloud" to $.sources."#)])
    }
}
