import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A photo server on 127.0.0.1 (ephemeral port) for the service's `urls:FILE` tests: each path
/// answers `GET` and `HEAD` with its bytes and its current `ETag`, both changeable while it runs;
/// `GET`s are counted per path.
final class LoopbackPhotoServer: Sendable {
    /// What one path serves.
    struct Photo: Sendable {
        var bytes: Data
        var etag: String
        /// Send half the bytes (the whole length announced), then drop the connection.
        var isTruncated = false
    }

    private let photos: Mutex<[String: Photo]>
    private let gets = Mutex<[String: Int]>([:])
    private let server = Mutex<LoopbackRouterServer?>(nil)
    private let fullBodyDelay = Mutex(Duration.zero)

    private init(photos: [String: Photo]) {
        self.photos = Mutex(photos)
    }

    /// Starts a server, runs `body`, and stops the server whatever happens.
    static func run<T: Sendable>(_ photos: [String: Photo], _ body: (LoopbackPhotoServer) async throws -> T) async throws -> T {
        let server = LoopbackPhotoServer(photos: photos)
        try await server.start()
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(server.withLock { $0?.port ?? 0 })" }

    /// How many `GET` requests `path` has had.
    func getCount(_ path: String) -> Int {
        gets.withLock { $0[path, default: 0] }
    }

    /// Replaces the photo at `path`.
    func serve(_ photo: Photo, at path: String) {
        photos.withLock { $0[path] = photo }
    }

    /// Makes every whole-file `GET` (one without `Range`, as a download is) wait `delay` first.
    func delayDownloads(by delay: Duration) {
        fullBodyDelay.withLock { $0 = delay }
    }

    private func start() async throws {
        let router = Router()
        router.get("**") { request, _ in
            let delay = self.fullBodyDelay.withLock { $0 }
            if request.headers[.range] == nil, delay > .zero { try await Task.sleep(for: delay) }
            return self.answer(request, withBody: true)
        }
        router.head("**") { request, _ in self.answer(request, withBody: false) }
        let started = try await LoopbackRouterServer.start(router, name: "LoopbackPhotoServer")
        server.withLock { $0 = started }
    }

    private func stop() async {
        await server.withLock { $0 }?.stop()
    }

    private func answer(_ request: Request, withBody: Bool) -> Response {
        guard let photo = photos.withLock({ $0[request.uri.path] }) else { return Response(status: .notFound) }
        let headers: HTTPFields = [.eTag: photo.etag, .contentType: "image/jpeg", .contentLength: String(photo.bytes.count)]
        guard withBody else { return Response(status: .ok, headers: headers) }
        gets.withLock { $0[request.uri.path, default: 0] += 1 }
        guard photo.isTruncated else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: photo.bytes))) }
        let half = ByteBuffer(bytes: photo.bytes.prefix(photo.bytes.count / 2))
        return Response(status: .ok, headers: headers, body: .init(contentLength: photo.bytes.count) { writer in
            try await writer.write(half)
            throw CancellationError()  // the server drops the connection mid-body
        })
    }
}
