import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

/// Originals of a `cloud:` source: streamed from the spool, downloaded once per version.
@Suite("Spooled originals: cloud sources")
struct CloudOriginalsTests {
    /// A cloud of two 1600×1200 photos (about 100 KB each).
    static let cloudConfiguration = DemoCloud.Configuration(
        albums: [.init(title: "Prints", photoCount: 2)], photoSizes: [PixelSize(width: 1600, height: 1200)], autoApprove: true)

    /// Runs `body` with the service (source `cloud`, the configuration changed by `configure`), a
    /// signed-in session token, the cloud and the id of its first photo.
    static func run(
        cloud cloudSettings: DemoCloud.Configuration = cloudConfiguration, configure: (inout ServiceConfiguration) -> Void = { _ in },
        _ body: @Sendable (ServiceHarness, String, DemoCloud, String) async throws -> Void
    ) async throws {
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: cloudSettings)
        do {
            try await ServiceHarness.run(configure: configure, sources: { root in
                [try ServiceSource.cloud(baseURL: url, id: "cloud")]
            }) { harness in
                let token = try await harness.newSession().token
                let callback = try await SignInTests().signIn(harness, token: token)
                #expect(try await harness.get(callback, token: nil).status == .ok)
                let photo = try #require(try await photoIDs(harness, token: token).first)
                try await body(harness, token, cloud, photo)
            }
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    /// The ids of the photos in the cloud's first album, as the session `token` lists them.
    static func photoIDs(_ harness: ServiceHarness, token: String) async throws -> [String] {
        let albums = try ServiceHarness.object(try await harness.get("/v1/sources/cloud/items", token: token))
        let album = try #require((albums["items"] as? [[String: Any]])?.first?["id"] as? String)
        let photos = try ServiceHarness.object(try await harness.get("/v1/sources/cloud/items?scope=\(album)", token: token))
        return ((photos["items"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "image" }.compactMap { $0["id"] as? String }
    }

    /// The signed original URL (a path) of cloud photo `id`.
    static func originalPath(_ harness: ServiceHarness, token: String, id: String) async throws -> String {
        let response = try await harness.get("/v1/sources/cloud/items/\(id)", token: token)
        #expect(response.status == .ok)
        let url = try #require(try ServiceHarness.object(response)["originalURL"] as? String)
        return try #require(URLComponents(string: url)?.path)
    }

    /// The photo's bytes as the cloud serves them, fetched by a client of its own.
    static func cloudBytes(_ cloud: DemoCloud, id: String) async throws -> Data {
        let source = try RemoteAlbumSource(baseURL: try #require(cloud.baseURL), credentialStore: InMemoryCredentialStore(), autoApprove: true)
        try await source.signIn()
        let item = try await source.item(id: id)
        return try await source.downloader.download(item, from: source, variant: .full).bytes
    }

    @Test("a cloud original is byte-identical, with Content-Length, Content-MD5, ETag, Range → 206 and If-None-Match → 304")
    func byteIdentical() async throws {
        try await Self.run { harness, token, cloud, photo in
            let path = try await Self.originalPath(harness, token: token, id: photo)
            let expected = try await Self.cloudBytes(cloud, id: photo)
            // When
            let whole = try await harness.get(path, token: nil)
            // Then
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == expected)
            #expect(whole.headers[.contentLength] == String(expected.count))
            #expect(whole.headers[HTTPField.Name("Content-MD5")!] == Data(Insecure.MD5.hash(data: expected)).base64EncodedString())
            #expect(whole.headers[.contentType] == "image/jpeg")
            let etag = try #require(whole.headers[.eTag])
            let part = try await harness.get(path, token: nil, headers: [.range: "bytes=1000-1999"])
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == expected[1000...1999])
            #expect(part.headers[.contentRange] == "bytes 1000-1999/\(expected.count)")
            let resume = try await harness.get(path, token: nil, headers: [.range: "bytes=\(expected.count - 7)-"])
            #expect(Data(buffer: resume.body) == expected.suffix(7))
            #expect(try await harness.get(path, token: nil, headers: [.ifNoneMatch: etag]).status == .notModified)
            // One download served all four.
            #expect(cloud.statistics.count(.original) == 2)  // ours and cloudBytes'
        }
    }

    @Test("concurrent requests for a cold original (whole and ranged) cause one upstream download")
    func oneDownloadForManyRequests() async throws {
        try await Self.run { harness, token, cloud, photo in
            let path = try await Self.originalPath(harness, token: token, id: photo)
            // The cloud answers slowly, so the requests overlap the download.
            cloud.updateFaults { $0.latency = .milliseconds(300) }
            cloud.resetStatistics()
            // When
            let bodies = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
                for index in 0..<6 {
                    group.addTask {
                        let headers: HTTPFields = index.isMultiple(of: 2) ? [:] : [.range: "bytes=0-99"]
                        let response = try await harness.get(path, token: nil, headers: headers)
                        return (Int(response.status.code), Data(buffer: response.body))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Then
            #expect(cloud.statistics.count(.original) == 1)
            let whole = bodies.filter { $0.0 == 200 }.map(\.1)
            let parts = bodies.filter { $0.0 == 206 }.map(\.1)
            #expect(whole.count == 3 && parts.count == 3)
            #expect(Set(whole).count == 1)
            #expect(parts.allSatisfy { $0 == whole.first?.prefix(100) })
        }
    }
}
