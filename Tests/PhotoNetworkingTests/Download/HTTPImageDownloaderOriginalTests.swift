import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// `HTTPImageDownloader` as an ``OriginalFileDownloading``: the body goes to a file, under the options' limits.
@Suite("HTTPImageDownloader: originals into files")
struct HTTPImageDownloaderOriginalTests {
    let item = DefaultPhotoSourceItem.image(id: "p1", sourceID: "test-cloud", title: "Beach")
    let source = DefaultPhotoSource(
        id: "test-cloud", title: "Test", listing: .complete { _ in [] },
        downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })
    static let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    private static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("originals/:id") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/jpeg", .eTag: "\"o1\""], body: .init(byteBuffer: ByteBuffer(bytes: Self.bytes)))
        }
        return router
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("originals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("saveOriginal streams the body into the file with its size, content type and ETag")
    func streamsIntoTheFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LoopbackHTTPServer.with(Self.router()) { server in
            let downloader = HTTPImageDownloader(options: try .testing(trusting: [server.origin])) { item, _ in server.url("/originals/\(item.id)") }
            let file = folder.appendingPathComponent("p1.jpg")
            // When: through the session-marking wrapper a DefaultPhotoSource puts around it
            let wrapped = DefaultPhotoSource(id: "test-cloud", title: "Test", listing: .complete { _ in [] }, downloader: downloader)
            let saved = try await wrapped.downloader.saveOriginal(item, from: wrapped, to: file)
            // Then
            #expect(try Data(contentsOf: file) == Self.bytes)
            #expect(saved == DownloadedOriginal(byteCount: Self.bytes.count, contentType: "image/jpeg", validator: "\"o1\""))
        }
    }

    @Test("a body over maxBodyBytes is .tooLarge and leaves no file (an existing one untouched)")
    func keepsTheBodyLimit() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LoopbackHTTPServer.with(Self.router()) { server in
            var options = try HTTPOptions.testing(trusting: [server.origin])
            options.maxBodyBytes = 1000
            let downloader = HTTPImageDownloader(options: options) { item, _ in server.url("/originals/\(item.id)") }
            let file = folder.appendingPathComponent("p1.jpg")
            try Data("before".utf8).write(to: file)
            // When
            let error = await #expect(throws: PhotoSourceError.self) { try await downloader.downloadOriginal(item, from: source, to: file) }
            // Then
            #expect(error?.code == .tooLarge)
            #expect(try Data(contentsOf: file) == Data("before".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p1.jpg"])
        }
    }
}
