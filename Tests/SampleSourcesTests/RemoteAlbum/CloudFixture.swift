import Foundation
import PhotoNetworking
import PhotoSourceKit
import Testing
@testable import SampleSources

/// A real demo cloud on 127.0.0.1 and a ``RemoteAlbumSource`` pointed at it.
struct CloudFixture {
    let cloud: DemoCloud
    let url: URL
    let store: InMemoryCredentialStore
    let source: RemoteAlbumSource

    /// Album 1 "Trip" (3 photos), album 2 "Camera Roll" (5,000), album 3 "Empty"; small photo
    /// sizes; auto-approve; a one-second device poll interval.
    static let configuration = DemoCloud.Configuration(
        albums: [.init(title: "Trip", photoCount: 3), .init(title: "Camera Roll", photoCount: 5_000), .init(title: "Empty", photoCount: 0)],
        photoSizes: [PixelSize(width: 640, height: 480), PixelSize(width: 300, height: 400)],
        autoApprove: true, devicePollInterval: 1)

    /// Starts a cloud, makes a source (signed in unless `signIn` is false), runs `body`, stops the cloud.
    static func run(
        signIn: Bool = true, method: RemoteAlbumSource.SignInMethod = .browser,
        _ body: @Sendable (CloudFixture) async throws -> Void
    ) async throws {
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: configuration)
        do {
            let store = InMemoryCredentialStore()
            let source = try RemoteAlbumSource(baseURL: url, credentialStore: store, autoApprove: true, signInMethod: method)
            if signIn { try await source.signIn() }
            try await body(CloudFixture(cloud: cloud, url: url, store: store, source: source))
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    /// The scope of album `number` (1-based) as the source lists it.
    func album(_ number: Int) async throws -> any PhotoSourceItem {
        let root = try await source.items(for: nil, in: nil, page: 0, count: 50)
        return try #require(root.items.first { $0.id == "album-\(number)" })
    }

    /// Page `page` of album `number` with `count` items, without the back item.
    func photos(album number: Int, page: Int, count: Int = 100) async throws -> ItemPage {
        let scope = ItemScope.root.appending(id: "album-\(number)", title: "album \(number)")
        return try await source.items(in: scope, page: page, count: count)
    }
}
