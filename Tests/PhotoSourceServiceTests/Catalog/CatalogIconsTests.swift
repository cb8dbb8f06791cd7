import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit
@testable import PhotoSourceService
import Synchronization
import Testing

@Suite("Catalog icons through the thumbnail cache, by signed URL")
struct CatalogIconsTests {
    /// A loopback server of one PNG icon that counts its downloads.
    final class IconServer: Sendable {
        let downloads = Atomic<Int>(0)
        private let server = Mutex<LoopbackRouterServer?>(nil)

        var origin: String { "http://127.0.0.1:\(server.withLock { $0?.port ?? 0 })" }

        func start() async throws {
            let png = try ImageEncoder.png(TestLibrary.gradient(width: 64, height: 64))
            let router = Router()
            router.get("/icon.png") { _, _ in
                self.downloads.add(1, ordering: .relaxed)
                return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
            }
            let started = try await LoopbackRouterServer.start(router, name: "IconServer")
            server.withLock { $0 = started }
        }

        func stop() async { await server.withLock { $0 }?.stop() }
    }

    @Test("two catalog calls and two icon GETs at once download the icon once; the URL answers 304 to its ETag")
    func oneDownload() async throws {
        let icons = IconServer()
        try await icons.start()
        let handler = #"{"id": "iconic", "name": "I", "icons": {"1x": "\#(icons.origin)/icon.png", "2x": "\#(icons.origin)/icon.png"}, "#
            + #""actions": {"edit": {"url": "http://127.0.0.1:9/?i={{imageURL}}", "required": ["imageURL"]}}}"#
        let handlers = try CatalogFixture.handlers([handler])
        do {
            try await ServiceHarness.run(configure: {
                $0.catalog.handlers = handlers
                $0.catalog.development = true
            }) { harness in
                let token = try await CatalogFixture.session(harness)
                var urls: [String] = []
                for _ in 0..<2 {
                    let answer = try await CatalogFixture.catalog(harness, token: token)
                    urls.append(try #require((CatalogFixture.entry(answer, id: "iconic")?["icons"] as? [String: String])?["1x"]))
                }
                // When
                let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for url in urls { group.addTask { try await harness.get(url, token: nil) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                // Then
                #expect(responses.map(\.status) == [.ok, .ok])
                // An opaque icon is served as JPEG, one with alpha as PNG (the cache's `auto` format); both answers are the one rendering.
                #expect(responses.allSatisfy { $0.headers[.contentType]?.hasPrefix("image/") == true })
                #expect(responses[0].body == responses[1].body)
                #expect(icons.downloads.load(ordering: .relaxed) == 1)
                let etag = try #require(responses.first?.headers[.eTag])
                #expect(try await harness.get(urls[0], token: nil, headers: [.ifNoneMatch: etag]).status == .notModified)
                let forged = urls[0].replacingOccurrences(of: "/v1/icons/", with: "/v1/icons/A")
                #expect(try await harness.get(forged, token: nil).status == .forbidden)
            }
        } catch {
            await icons.stop()
            throw error
        }
        await icons.stop()
    }

    @Test("icons are fetched over https only, on public addresses, except in development")
    func policy() throws {
        let loopback = try #require(URL(string: "http://127.0.0.1:8081/icon.png"))
        #expect(throws: PhotoSourceError.self) { try CatalogIcons.policy(for: loopback, development: false) }
        let secureLoopback = try #require(URL(string: "https://127.0.0.1:8443/icon.png"))
        #expect(throws: PhotoSourceError.self) { try CatalogIcons.policy(for: secureLoopback, development: false).check(url: secureLoopback) }
        try CatalogIcons.policy(for: loopback, development: true).check(url: loopback)
        let other = try #require(URL(string: "http://127.0.0.1:9999/icon.png"))
        #expect(throws: PhotoSourceError.self) { try CatalogIcons.policy(for: loopback, development: true).check(url: other) }
    }

    @Test("icon URLs are charged to the signed-asset budget, like thumbnails")
    func budget() {
        #expect(RateLimits.budget(ofPath: "/v1/icons/signature/payload") == .signedAsset)
    }

    @Test("an icon is keyed by the catalog's version: the same version is downloaded once, a new one again")
    func versionKeyed() async throws {
        let icons = IconServer()
        try await icons.start()
        let cache = CatalogIcons(thumbnails: ThumbnailCache(), development: true)
        let url = icons.origin + "/icon.png"
        do {
            // When
            _ = try await cache.icon(url: url, version: "v1")
            _ = try await cache.icon(url: url, version: "v1")
            #expect(icons.downloads.load(ordering: .relaxed) == 1)
            _ = try await cache.icon(url: url, version: "v2")
            // Then
            #expect(icons.downloads.load(ordering: .relaxed) == 2)
        } catch {
            await icons.stop()
            throw error
        }
        await icons.stop()
    }
}
