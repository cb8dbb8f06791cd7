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
            func request(_ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:]) -> Request {
                Request(head: HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: path, headerFields: headers), body: .init(buffer: ByteBuffer()))
            }

            // Then: a URL it never verified is left to the router
            #expect(fastPath.response(to: request(url), peer: "127.0.0.1") == nil)
            let parts = url.split(separator: "/").map(String.init)
            _ = try dependencies.signer.verify(signature: parts[2], payload: parts[3], kind: .thumbnail)
            // Once verified it answers, with the cache's bytes
            let answer = try #require(fastPath.response(to: request(url), peer: "127.0.0.1"))
            #expect(answer.0.status == .ok)
            #expect(answer.1.map { Data(buffer: $0) } == Data(buffer: served.body))
            // but not a POST, a request with an Origin (CORS is the router's), or another path
            #expect(fastPath.response(to: request(url, method: .post), peer: "127.0.0.1") == nil)
            #expect(fastPath.response(to: request(url, headers: [.origin: "https://shop.example"]), peer: "127.0.0.1") == nil)
            #expect(fastPath.response(to: request(url.replacingOccurrences(of: "/v1/thumbnails/", with: "/v1/originals/")), peer: "127.0.0.1") == nil)
            // and past the address's budget (1) the router answers the 429
            #expect(fastPath.response(to: request(url), peer: "127.0.0.1") == nil)
            #expect(fastPath.response(to: request(url), peer: "192.0.2.7") != nil)
            try await store.close()
        }
    }
}
