import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoImaging
@testable import PhotoSourceService
import SampleSources
import Testing

@Suite("Signed thumbnail fast path")
struct SignedThumbnailFastPathTests {
    /// Header fields as a dictionary, without `Date` (it moves with the clock).
    static func fields(_ response: TestResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for field in response.headers where field.name != .date {
            fields[field.name.canonicalName, default: ""] += field.value
        }
        return fields
    }

    @Test("a warm thumbnail answered ahead of the router has the router's bytes and headers, for 200 and 304 alike")
    func sameAnswerAsTheRouter() async throws {
        try await ServiceHarness.run(thumbnails: ThumbnailCache()) { harness in
            let a = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: a.token)
            // The first request of a URL goes through the router (it verifies the signature).
            let routed = try await harness.get(url, token: nil)
            #expect(routed.status == .ok)
            let fast = try await harness.get(url, token: nil)
            #expect(fast.status == .ok)
            #expect(fast.body == routed.body)
            #expect(Self.fields(fast) == Self.fields(routed))
            #expect(fast.headers[.date] != nil)

            // 304: a URL of another session (a new payload) through the router, then again ahead of it.
            let b = try await harness.newSession()
            let other = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: b.token)
            let etag = try #require(routed.headers[.eTag])
            let routed304 = try await harness.get(other, token: nil, headers: [.ifNoneMatch: etag])
            let fast304 = try await harness.get(other, token: nil, headers: [.ifNoneMatch: etag])
            #expect(routed304.status == .notModified)
            #expect(fast304.status == .notModified)
            #expect(Self.fields(fast304) == Self.fields(routed304))
        }
    }

    @Test("it answers only verified, unexpired, warm URLs without Origin, and charges the signed-asset budget")
    func answersOnlyWhatItMay() async throws {
        let cache = ThumbnailCache()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("fast-path-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        try await ServiceHarness.run(thumbnails: cache) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            let served = try await harness.get(url, token: nil)  // warms the shared cache
            #expect(served.status == .ok)

            // Given: a fast path of its own over the same keys and cache, with a signed-asset budget of 1
            var configuration = ServiceHarness.configuration(state: state)
            configuration.traffic.signedAssetRequestsPerMinute = 1
            let store = try await SQLiteServiceStore.open(file: state.appendingPathComponent("service.sqlite"))
            let folder = try LocalFolderSource(root: harness.library, id: "local:test", title: "Test Library")
            let dependencies = try ServiceDependencies(
                configuration: configuration, store: store, catalog: SourceCatalog([ServiceSource.folder(folder, id: "library")]), thumbnails: cache)
            let fastPath = SignedThumbnailFastPath(dependencies: dependencies, serverName: "photosource")
            func answer(_ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], peer: String = "127.0.0.1") -> (HTTPResponse, ByteBuffer?)? {
                fastPath.response(method: method, path: path, headers: headers, peer: peer, tiers: .memoryOnly)
            }

            // Then: a URL it never verified is left to the router
            #expect(answer(url) == nil)
            let parts = url.split(separator: "/").map(String.init)
            _ = try dependencies.signer.verify(signature: parts[2], payload: parts[3], kind: .thumbnail)
            // Once verified it answers, with the cache's bytes
            let warm = try #require(answer(url))
            #expect(warm.0.status == .ok)
            #expect(warm.1.map { Data(buffer: $0) } == Data(buffer: served.body))
            // but not a POST, a request with an Origin (CORS is the router's), or another path
            #expect(answer(url, method: .post) == nil)
            #expect(answer(url, headers: [.origin: "https://shop.example"]) == nil)
            #expect(answer(url.replacingOccurrences(of: "/v1/thumbnails/", with: "/v1/originals/")) == nil)
            // and past the address's budget (1) the router answers the 429
            #expect(answer(url) == nil)
            #expect(answer(url, peer: "192.0.2.7") != nil)
            try await store.close()
        }
    }

    @Test("pipelined behind a request the router is still answering, a warm thumbnail waits its turn: responses stay in order")
    func pipelinedResponsesStayInOrder() async throws {
        try await ServiceHarness.run(thumbnails: ThumbnailCache()) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            #expect(try await harness.get(url, token: nil).status == .ok)  // verified and warm now
            let port = try #require(harness.client.port)
            let connection = try RawConnection(port: port)
            // When: a listing (the router's, slower) and the warm thumbnail in one write
            connection.send(
                "GET /v1/sources/library/items?scope=Album HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(session.token)\r\n\r\n"
                    + "GET \(url) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Then: the listing's answer comes first, then the picture
            let first = try #require(try await connection.response())
            #expect(first.head.lowercased().contains("content-type: application/json"))
            let second = try #require(try await connection.response())
            #expect(second.head.lowercased().contains("content-type: image/jpeg"))
        }
    }
}
