import Foundation
import PhotoSourceService
import Testing

@Suite("Configuration: the picker's shop origins")
struct PickerSettingsTests {
    static let secrets = """
        "signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
        "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"], "sources": ["demo"]
        """

    @Test("picker.shopOrigins is read from the file and replaced by PHOTOSOURCE_PICKER_ORIGINS")
    func fileAndEnvironment() throws {
        let url = try ConfigurationTests.file(#"{\#(Self.secrets), "picker": {"shopOrigins": ["https://shop.example"]}}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ServiceConfiguration.load(file: url, environment: [:]).configuration.picker.shopOrigins == ["https://shop.example"])
        let overridden = try ServiceConfiguration.load(file: url, environment: ["PHOTOSOURCE_PICKER_ORIGINS": "http://localhost:8000, https://b.example"])
        #expect(overridden.configuration.picker.shopOrigins == ["http://localhost:8000", "https://b.example"])
        #expect(try ServiceConfiguration.load(file: url, environment: [:]).configuration.picker == PickerSettings(shopOrigins: ["https://shop.example"]))
    }

    @Test("an entry that is not a bare origin is a problem at its path (it would widen or break the CSP)", arguments: [
        "*", "https://shop.example/path", "shop.example", "ftp://shop.example", "https://shop.example 'unsafe-inline'", "https://*.example",
    ])
    func notAnOrigin(entry: String) throws {
        let problems = try ConfigurationProblemsTests.problems(#"{\#(Self.secrets), "picker": {"shopOrigins": ["https://ok.example", "\#(entry)"]}}"#)
        #expect(problems.map(\.path) == ["$.picker.shopOrigins[1]"])
    }
}
