import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

/// `photosource serve --print-config`'s file: complete, loadable, with keys of its own.
@Suite("Configuration: the starter file")
struct StarterConfigurationTests {
    @Test("the starter file loads as written, every field at its default, and its API key is the one returned")
    func roundTrips() throws {
        let starter = ServiceConfiguration.starter(environment: ["XDG_STATE_HOME": "/var/lib", "XDG_DATA_HOME": "/srv/data"])
        let text = try starter.configuration.fileText()
        let url = try ConfigurationTests.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        // When
        let loaded = try ServiceConfiguration.load(file: url, environment: [:])
        // Then
        #expect(try loaded.configuration.fileText() == text)
        let key = try #require(starter.generatedAPIKey)
        #expect(loaded.configuration.apiKeyHashes == ["sha256:" + ServiceHarness.sha256Hex(key)])
        #expect(loaded.configuration.sources == ["demo", "demo-cloud", "uploads", "received"])
        #expect(loaded.configuration.stateDirectory == "/var/lib/photosource")
        #expect(loaded.configuration.destinations == [.folder(root: "/srv/data/photosource/orders")])
        #expect(loaded.configuration.limits == ServiceConfiguration.Limits())
        #expect(loaded.configuration.orders == OrderSettings())
        #expect(loaded.configuration.products == Product.defaults)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(json.keys) == [
            "host", "port", "publicBaseURL", "sources", "signInFlows", "apiKeyHashes", "signingKeys", "sealingKey", "allowedOrigins",
            "allowedSourceOrigins", "limits", "products", "stateDirectory", "destinations", "orders", "webhook", "traffic",
            "picker", "uploads", "catalog", "handoffs",
        ])
        #expect(loaded.configuration.handoffs == HandoffSettings())
        #expect(loaded.configuration.catalog == CatalogSettings())
        #expect(loaded.configuration.traffic == TrafficLimits())
        #expect(loaded.configuration.uploads == UploadSettings())
        #expect((json["orders"] as? [String: Any])?.keys.contains("assetDirectory") == true)
    }

    @Test("each starter has fresh keys")
    func freshKeys() {
        let first = ServiceConfiguration.starter()
        let second = ServiceConfiguration.starter()
        #expect(first.configuration.signingKeys != second.configuration.signingKeys)
        #expect(first.configuration.sealingKey != second.configuration.sealingKey)
        #expect(first.configuration.apiKeyHashes != second.configuration.apiKeyHashes)
        #expect(first.generatedAPIKey != second.generatedAPIKey)
        #expect(first.configuration.signingKeys.allSatisfy { Data(base64Encoded: $0)?.count == 32 })
        #expect(Data(base64Encoded: first.configuration.sealingKey)?.count == 32)
    }
}
