import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

/// Every secret may come from the file, a file it names, an environment variable, or a file an
/// environment variable names, so a configuration file can hold no secret at all.
@Suite("Configuration: secrets from the environment and from files")
struct ConfigurationSecretsTests {
    /// A folder holding `config.json` (with `json`) and the given secret files.
    struct Folder {
        let url: URL
        var config: URL { url.appendingPathComponent("config.json") }

        init(json: String, files: [String: String] = [:]) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("svc-secrets-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: config)
            for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test("a file with no secrets loads when the environment gives them (it stopped at \"signingKeys is missing\")")
    func environmentFillsMissingFields() throws {
        let folder = try Folder(json: #"{"sources": ["demo"]}"#)
        defer { folder.remove() }
        // When
        let loaded = try ServiceConfiguration.load(file: folder.config, environment: [
            "PHOTOSOURCE_SIGNING_KEYS": "\(ServiceHarness.key(3)), \(ServiceHarness.key(4))",
            "PHOTOSOURCE_SEALING_KEY": ServiceHarness.key(5) + "\n", "PHOTOSOURCE_API_KEY": "shop-key",
        ])
        // Then
        #expect(loaded.configuration.signingKeys == [ServiceHarness.key(3), ServiceHarness.key(4)])
        #expect(loaded.configuration.sealingKey == ServiceHarness.key(5))
        #expect(loaded.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex("shop-key")])
    }

    @Test("signingKeysFile, sealingKeyFile and apiKeyHashesFile: one value per line, relative to the configuration's folder")
    func fileFields() throws {
        let folder = try Folder(
            json: #"{"signingKeysFile": "secrets/signing", "sealingKeyFile": "sealing", "apiKeyHashesFile": "hashes", "webhook": {"url": "https://shop.example/h", "secretsFile": "hooks"}}"#,
            files: ["sealing": ServiceHarness.key(5) + "\n", "hashes": "sha256:\(ServiceHarness.sha256Hex("a"))\n\n  sha256:\(ServiceHarness.sha256Hex("b"))  \n",
                    "hooks": "a-shared-secret-0001\n"])
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("secrets"), withIntermediateDirectories: true)
        try Data("\(ServiceHarness.key(3))\n\(ServiceHarness.key(4))".utf8).write(to: URL(fileURLWithPath: folder.path("secrets/signing")))
        // When
        let configuration = try ServiceConfiguration.load(file: folder.config, environment: [:]).configuration
        // Then
        #expect(configuration.signingKeys == [ServiceHarness.key(3), ServiceHarness.key(4)])
        #expect(configuration.sealingKey == ServiceHarness.key(5))
        #expect(configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex("a"), "sha256:" + ServiceHarness.sha256Hex("b")])
        #expect(configuration.webhook?.secrets == ["a-shared-secret-0001"])
    }

    @Test("the _FILE variables name files too, and the environment wins over the file's fields")
    func fileVariables() throws {
        let folder = try Folder(
            json: "{\(OrderConfigurationTests.keys)}",
            files: ["signing": ServiceHarness.key(6), "sealing": ServiceHarness.key(7), "api": "from-a-file\n", "hooks": "a-shared-secret-0002"])
        defer { folder.remove() }
        // When
        let configuration = try ServiceConfiguration.load(file: folder.config, environment: [
            "PHOTOSOURCE_SIGNING_KEYS_FILE": folder.path("signing"), "PHOTOSOURCE_SEALING_KEY_FILE": folder.path("sealing"),
            "PHOTOSOURCE_API_KEY_FILE": folder.path("api"), "PHOTOSOURCE_WEBHOOK_URL": "https://shop.example/h",
            "PHOTOSOURCE_WEBHOOK_SECRETS_FILE": folder.path("hooks"),
        ]).configuration
        // Then
        #expect(configuration.signingKeys == [ServiceHarness.key(6)])
        #expect(configuration.sealingKey == ServiceHarness.key(7))
        #expect(configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex("k"), "sha256:" + ServiceHarness.sha256Hex("from-a-file")])
        #expect(configuration.webhook?.secrets == ["a-shared-secret-0002"])
    }

    @Test("an unreadable or empty file, two sources at once, and a bad secret are named by where they came from")
    func problemsNameTheSource() throws {
        let folder = try Folder(
            json: #"{"signingKeysFile": "signing", "sealingKey": "\#(ServiceHarness.key(2))", "sealingKeyFile": "missing", "apiKeyHashesFile": "empty"}"#,
            files: ["signing": "c2hvcnQ=\n", "empty": "\n"])
        defer { folder.remove() }
        // When
        let problems = try ConfigurationProblemsTests.problems(
            String(decoding: try Data(contentsOf: folder.config), as: UTF8.self), folder: folder.url,
            environment: ["PHOTOSOURCE_API_KEY": "k1", "PHOTOSOURCE_API_KEY_FILE": "/nonexistent"])
        // Then
        #expect(problems.map(\.description) == [
            "$.sealingKeyFile: is given as well as sealingKey; give one of them.",
            "$.sealingKeyFile: \(folder.path("missing")) cannot be read (no such file).",
            "$.apiKeyHashesFile: \(folder.path("empty")) is empty.",
            "PHOTOSOURCE_API_KEY_FILE: is set as well as PHOTOSOURCE_API_KEY; set one of them.",
            "$.signingKeysFile (\(folder.path("signing"))) (value 1): is not base64 of at least 32 bytes (openssl rand -base64 32 makes one).",
        ])
    }

    @Test("a destination's secrets: apiKeyFile, callbackSecretsFile and headersFile, or PHOTOSOURCE_DESTINATION_<ID>_… variables")
    func destinationSecrets() throws {
        let folder = try Folder(
            json: """
                {\(OrderConfigurationTests.keys), "destinations": [
                  {"id": "lab-eu", "kind": "printLab", "url": "https://lab.example/v4/Orders", "apiKeyFile": "lab-key",
                   "callbackSecretsFile": "lab-callbacks", "skus": {"4x6": "SKU-4X6"},
                   "recipient": {"name": "Ada", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345", "countryCode": "GB", "townOrCity": "London"}}},
                  {"id": "upload", "kind": "httpUpload", "url": "https://uploads.example/in", "headersFile": "upload-headers"}]}
                """,
            files: ["lab-key": "from-a-file\n", "lab-callbacks": "callback-secret-0001\ncallback-secret-0002\n",
                    "upload-headers": "Authorization: Bearer abc, def\nX-Shop: 7\n"])
        defer { folder.remove() }
        // When
        let fromFiles = try ServiceConfiguration.load(file: folder.config, environment: [:]).configuration
        let overridden = try ServiceConfiguration.load(file: folder.config, environment: ["PHOTOSOURCE_DESTINATION_LAB_EU_API_KEY": "from-the-environment"])
        // Then
        let lab = try RemoteDestinationEntry.decoded(from: fromFiles.destinations[0])
        guard case .printLab(let labSettings, let secrets) = lab.settings else { Issue.record("not a lab"); return }
        #expect(labSettings.apiKey == "from-a-file")
        #expect(secrets == ["callback-secret-0001", "callback-secret-0002"])
        guard case .httpUpload(let upload) = try RemoteDestinationEntry.decoded(from: fromFiles.destinations[1]).settings else { Issue.record("not an upload"); return }
        #expect(upload.headers == ["Authorization": "Bearer abc, def", "X-Shop": "7"])
        guard case .printLab(let overriddenLab, _) = try RemoteDestinationEntry.decoded(from: overridden.configuration.destinations[0]).settings else {
            Issue.record("not a lab")
            return
        }
        #expect(overriddenLab.apiKey == "from-the-environment")
    }
}
