import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// Two instances of the service (two applications in this process, each with its own state
/// folder and store) sharing one `sharedDirectory`: what one writes, the other serves.
@Suite("Two instances on one shared folder")
struct SharedFolderTests {
    @Test("an asset one instance stored is served byte-identical by the other through its signed URL")
    func assetServedByTheOther() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let shared = library.stateFolder.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
        func configuration(_ name: String) -> ServiceConfiguration {
            var configuration = ServiceHarness.configuration(state: library.stateFolder.appendingPathComponent(name))
            configuration.sharedDirectory = shared.path
            configuration.sources = []
            return configuration
        }
        let first = configuration("a")
        let second = configuration("b")
        // Given: instance A materialises a photo into its asset store
        let photo = library.root.appendingPathComponent("portrait.jpg")
        let stored = try await AssetStore(root: AssetStore.root(for: first)).ingest(file: photo)
        #expect(stored.file.path.hasPrefix(shared.path + "/assets/"))
        let signed = SignedStoredAsset(
            sha256: stored.sha256, md5: stored.md5, contentType: "image/jpeg", expires: Int64(Date().timeIntervalSince1970) + 600)
        let path = "/v1/assets/" + (try URLSigner(base64Keys: first.signingKeys)).path(for: signed, kind: .storedAsset)
        // When: the lab's fetch lands on instance B
        let app = try await buildApplication(ServiceArguments(configuration: second, catalog: SourceCatalog([])))
        try await app.test(.ahc(.http)) { client in
            let response = try await client.execute(uri: path, method: .get)
            // Then
            #expect(response.status == .ok)
            #expect(Data(buffer: response.body) == (try Data(contentsOf: photo)))
            #expect(response.headers[.contentMD5] == Data(Hex.bytes(stored.md5)!).base64EncodedString())
        }
    }
}
