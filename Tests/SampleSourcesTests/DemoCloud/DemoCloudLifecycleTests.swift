import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: start and stop")
struct DemoCloudLifecycleTests {
    @Test("start binds 127.0.0.1 on an ephemeral port; photo URLs use it; stop and start again works")
    func startStop() async throws {
        let cloud = DemoCloud()
        #expect(cloud.baseURL == nil)
        let url = try await cloud.start(configuration: RouterCloud.configuration())
        #expect(url.host == "127.0.0.1")
        #expect((url.port ?? 0) > 0)
        #expect(cloud.baseURL == url)

        await #expect(throws: PhotoSourceError.self) { _ = try await cloud.start() }

        let live = LiveCloud(cloud: cloud, url: url)
        let token = try await live.signIn().accessToken
        let response = try await live.get("/v1/photos/photo-1-1", token: token)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let photo = try decoder.decode(CloudAPI.Photo.self, from: Data(readableBytesOf: try #require(response.body)))
        #expect(photo.thumbnailUrl == url.absoluteString + "/v1/photos/photo-1-1/thumbnail")
        #expect(cloud.statistics.count(.photo) == 1)

        let waiter = Task { await cloud.waitUntilStopped(); return cloud.baseURL }
        await cloud.stop()
        #expect(await waiter.value == nil)
        #expect(cloud.baseURL == nil)
        let again = try await cloud.start(configuration: RouterCloud.configuration())
        #expect((again.port ?? 0) > 0)
        await cloud.stop()
    }

    @Test("a port that is taken gives a .connection error")
    func portTaken() async throws {
        let first = DemoCloud()
        let url = try await first.start(configuration: RouterCloud.configuration())
        let second = DemoCloud()
        await #expect {
            _ = try await second.start(port: url.port!, configuration: RouterCloud.configuration())
        } throws: { error in
            (error as? PhotoSourceError)?.code == .connection
        }
        #expect(second.baseURL == nil)
        await first.stop()
    }
}
