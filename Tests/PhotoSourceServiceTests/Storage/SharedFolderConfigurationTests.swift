import Foundation
@testable import PhotoSourceService
import Testing

/// `sharedDirectory`: where the files every instance must reach go.
@Suite("The sharedDirectory setting")
struct SharedFolderConfigurationTests {
    @Test("set, it holds the asset store, the spool and customer uploads (orders.assetDirectory still wins); unset, the state folder does")
    func folders() throws {
        var configuration = try JSONDecoder().decode(ServiceConfiguration.self, from: Data(#"""
            {"stateDirectory": "/srv/state", "sharedDirectory": "/mnt/shared"}
            """#.utf8))
        #expect(configuration.sharedDirectory == "/mnt/shared")
        #expect(AssetStore.root(for: configuration).path == "/mnt/shared/assets")
        #expect(configuration.sharedOrStateFolder.appendingPathComponent("originals").path == "/mnt/shared/originals")
        #expect(UploadStore(configuration).root.path == "/mnt/shared/uploads")
        configuration.orders.assetDirectory = "/mnt/assets"
        #expect(AssetStore.root(for: configuration).path == "/mnt/assets")
        configuration.sharedDirectory = nil
        configuration.orders.assetDirectory = nil
        #expect(AssetStore.root(for: configuration).path == "/srv/state/assets")
        #expect(UploadStore(configuration).root.path == "/srv/state/uploads")
    }

    @Test("a relative path is a configuration problem at $.sharedDirectory")
    func relativePath() throws {
        var configuration = ServiceHarness.configuration(state: URL(fileURLWithPath: "/srv/state"))
        configuration.sharedDirectory = "/mnt/shared"
        #expect(!configuration.problems().contains { $0.path == "$.sharedDirectory" })
        // When
        configuration.sharedDirectory = "shared"
        // Then
        #expect(configuration.problems().contains { $0.path == "$.sharedDirectory" })
    }
}
