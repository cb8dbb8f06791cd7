import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

@Suite("ServiceConfiguration.ephemeral")
struct EphemeralConfigurationTests {
    @Test("fresh keys and a one-run API key each time; loopback on the given port; the default folder first, then the extra destinations")
    func freshKeysAndDestinations() throws {
        let environment = ["XDG_DATA_HOME": "/srv/data"]
        let lab = DestinationConfiguration(id: "upload", kind: "httpUpload", settings: ["url": .string("http://127.0.0.1:9/in")])
        // When
        let first = try ServiceConfiguration.ephemeral(port: 8123, stateDirectory: "/tmp/state", adding: [lab], environment: environment)
        let second = try ServiceConfiguration.ephemeral(port: 8123, stateDirectory: "/tmp/state", environment: environment)
        // Then
        let key = try #require(first.generatedAPIKey)
        #expect(first.configuration.apiKeyHashes == [SecretHash.apiKeyHash(of: key)])
        #expect(first.generatedAPIKey != second.generatedAPIKey)
        #expect(first.configuration.signingKeys != second.configuration.signingKeys)
        #expect(first.configuration.sealingKey != second.configuration.sealingKey)
        #expect(first.configuration.host == "127.0.0.1" && first.configuration.publicBaseURL == "http://127.0.0.1:8123")
        #expect(first.configuration.destinations.map(\.id) == ["folder", "upload"])
        #expect(first.configuration.destinations.first == .folder(root: "/srv/data/photosource/orders"))
        #expect(first.configuration.sources.isEmpty)
    }

    @Test("port 0 is refused: signed URLs must name the real port")
    func portZero() {
        let error = #expect(throws: PhotoSourceError.self) { try ServiceConfiguration.ephemeral(port: 0, stateDirectory: "/tmp/state") }
        #expect(error?.code == .invalidData)
    }
}
