import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("HTTPImageDownloader")
struct HTTPImageDownloaderTests {
    let item = DefaultPhotoSourceItem.image(id: "p1", sourceID: "test-cloud", title: "Beach")
    let source = DefaultPhotoSource(
        id: "test-cloud", title: "Test", listing: .complete { _ in [] },
        downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })

    private static func imageRouter(seen: Locked<[String]>? = nil) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("thumbs/:id") { request, context in
            seen?.update { $0.append(request.headers[.authorization] ?? "none") }
            return Response(
                status: .ok, headers: [.contentType: "image/jpeg", .eTag: "\"v1-\(context.parameters.get("id") ?? "")\""],
                body: .init(byteBuffer: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xD9])))
        }
        router.get("originals/:id") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png", .lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"],
                     body: .init(byteBuffer: ByteBuffer(bytes: [0x89, 0x50])))
        }
        return router
    }

    @Test func returnsBytesContentTypeAndETagAsValidator() async throws {
        try await LoopbackHTTPServer.with(Self.imageRouter()) { server in
            let downloader = HTTPImageDownloader(options: try .testing(trusting: [server.origin])) { item, variant in
                server.url(variant == .thumbnail ? "/thumbs/\(item.id)" : "/originals/\(item.id)")
            }
            // When
            let thumbnail = try await downloader.download(item, from: source, variant: .thumbnail)
            let original = try await downloader.download(item, from: source, variant: .full)
            // Then
            #expect(thumbnail.bytes == Data([0xFF, 0xD8, 0xFF, 0xD9]))
            #expect(thumbnail.contentType == "image/jpeg")
            #expect(thumbnail.validator == "\"v1-p1\"")
            #expect(original.validator == "Sun, 06 Nov 1994 08:49:37 GMT")
            #expect(original.contentType == "image/png")
        }
    }

    @Test func sendsTheSessionsBearerTokenAndNothingWithoutASession() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.imageRouter(seen: seen)) { server in
            let options = try HTTPOptions.testing(trusting: [server.origin])
            let session = try TestSignInFlow().session(token: "token-a")
            let url: HTTPImageDownloader.URLProvider = { item, _ in server.url("/thumbs/\(item.id)") }
            _ = try await HTTPImageDownloader(session: session, options: options, url: url).download(item, from: source, variant: .thumbnail)
            _ = try await HTTPImageDownloader(options: options, url: url).download(item, from: source, variant: .thumbnail)
            #expect(seen.value == ["Bearer token-a", "none"])
        }
    }

    @Test func aMissingImageIsNotFoundAndTheURLProvidersErrorPassesThrough() async throws {
        try await LoopbackHTTPServer.with(Self.imageRouter()) { server in
            let options = try HTTPOptions.testing(trusting: [server.origin])
            let missing = HTTPImageDownloader(options: options) { _, _ in server.url("/nothing-here") }
            let error = try await #require(throws: PhotoSourceError.self) { try await missing.download(item, from: source, variant: .full) }
            #expect(error.code == .notFound)
            let noURL = HTTPImageDownloader(options: options) { _, _ in throw PhotoSourceError(.notFound, "No original for this item.") }
            let thrown = try await #require(throws: PhotoSourceError.self) { try await noURL.download(item, from: source, variant: .full) }
            #expect(thrown.message == "No original for this item.")
        }
    }

    @Test func untrustedLoopbackURLsAreRefusedByDefault() async throws {
        let victim = try RawSocketServer(behavior: RawSocketServer.answering(body: "x"))
        defer { victim.stop() }
        let downloader = HTTPImageDownloader { _, _ in URL(string: victim.origin + "/a.jpg")! }
        let error = try await #require(throws: PhotoSourceError.self) { try await downloader.download(item, from: source, variant: .full) }
        #expect(error.code == .accessDenied)
        #expect(victim.acceptCount == 0)
    }
}
