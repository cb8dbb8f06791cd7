import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import SampleSources
import Synchronization

/// A photo server on 127.0.0.1 (ephemeral port) that records every request it gets and every
/// body byte it manages to send, for the ``PreselectedSource`` tests.
///
/// Paths map to ``Photo``s; a photo may be served honouring `Range`, ignoring it (always `200`
/// with the whole file), or be a redirect. Bodies are streamed in small chunks, so
/// ``bytesSent`` shows how much a client really took before it hung up.
final class PhotoServer: Sendable {
    /// How one path answers.
    enum Behavior: Sendable {
        /// `206` with the asked bytes when there is a `Range: bytes=A-B` header, else `200`.
        case honoursRange
        /// Always `200` with the whole file.
        case ignoresRange
        /// `302` to the given absolute URL.
        case redirect(to: String)
    }

    /// The file behind a path: `data`, then `padding` zero bytes (a large file without the memory);
    /// without `announcesLength` the body is chunked, with no `Content-Length`.
    struct Photo: Sendable {
        var data: Data
        var padding: Int = 0
        var behavior: Behavior = .honoursRange
        var announcesLength = true
        /// How long the server waits before answering (so that concurrent requests overlap).
        var delay: Duration = .zero
        var length: Int { data.count + padding }
    }

    /// One request as the server saw it.
    struct Hit: Sendable, Hashable {
        let path: String
        let range: String?
    }

    private struct Log {
        var hits: [Hit] = []
        var bytesSent = 0
        var active = 0
        var waiting = 0
        var maximumWaiting = 0
    }

    static let chunkSize = 16 * 1024
    private let photos: Mutex<[String: Photo]>
    private let log = Mutex(Log())
    private let server = Mutex<LoopbackServer?>(nil)

    private init(photos: [String: Photo]) {
        self.photos = Mutex(photos)
    }

    /// Starts a server, runs `body`, and stops the server whatever happens.
    static func run<T: Sendable>(
        _ photos: [String: Photo], _ body: (PhotoServer) async throws -> T
    ) async throws -> T {
        let server = PhotoServer(photos: photos)
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

    /// The URL of `path` (which starts with `/`).
    func url(_ path: String) -> URL { URL(string: origin + path)! }

    /// Every request so far, in order of arrival.
    var hits: [Hit] { log.withLock { $0.hits } }
    /// Body bytes written to clients so far.
    var bytesSent: Int { log.withLock { $0.bytesSent } }
    /// The most requests that were waiting out their photo's ``Photo/delay`` at the same time.
    var maximumConcurrentRequests: Int { log.withLock { $0.maximumWaiting } }

    /// Waits until no response is being written (a client that hung up ends its response a
    /// little later on the server side), for at most ten seconds.
    func settle() async throws {
        for _ in 0..<1000 where log.withLock({ $0.active }) > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Adds or replaces the photo at `path`.
    func serve(_ photo: Photo, at path: String) {
        photos.withLock { $0[path] = photo }
    }

    private func start() async throws {
        let router = Router()
        router.get("**") { request, _ in try await self.answer(request) }
        let server = try await LoopbackServer.start(router: router, name: "PhotoServer")
        self.server.withLock { $0 = server }
    }

    private func stop() async {
        await server.withLock { $0 }?.stop()
    }

    private func answer(_ request: Request) async throws -> Response {
        let path = request.uri.path
        let range = request.headers[.range]
        log.withLock { $0.hits.append(Hit(path: path, range: range)) }
        guard let photo = photos.withLock({ $0[path] }) else {
            return Response(status: .notFound)
        }
        if photo.delay > .zero {
            log.withLock {
                $0.waiting += 1
                $0.maximumWaiting = max($0.maximumWaiting, $0.waiting)
            }
            defer { log.withLock { $0.waiting -= 1 } }
            try await Task.sleep(for: photo.delay)
        }
        let etag = "\"photo-\(photo.length)\""
        switch photo.behavior {
        case .redirect(let location):
            return Response(status: .found, headers: [.location: location])
        case .ignoresRange:
            return Response(status: .ok, headers: [.eTag: etag, .contentType: "image/jpeg"], body: body(photo, 0..<photo.length))
        case .honoursRange:
            guard let range, let bytes = Self.parse(range, length: photo.length) else {
                return Response(status: .ok, headers: [.eTag: etag, .contentType: "image/jpeg"], body: body(photo, 0..<photo.length))
            }
            let headers: HTTPFields = [
                .eTag: etag, .contentType: "image/jpeg",
                .contentRange: "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(photo.length)",
            ]
            return Response(status: .partialContent, headers: headers, body: body(photo, bytes))
        }
    }

    /// The bytes `bytes=A-B` asks for, clamped to the file; `nil` for other forms.
    private static func parse(_ range: String, length: Int) -> Range<Int>? {
        guard range.hasPrefix("bytes=") else { return nil }
        let bounds = range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let start = Int(bounds[0]), let end = Int(bounds[1]), start <= end, start < length else { return nil }
        return start..<min(end + 1, length)
    }

    /// Streams `bytes` of `photo` in chunks, counting what was written.
    private func body(_ photo: Photo, _ bytes: Range<Int>) -> ResponseBody {
        let zeros = Data(count: Self.chunkSize)
        return ResponseBody(contentLength: photo.announcesLength ? bytes.count : nil) { writer in
            self.log.withLock {
                $0.active += 1
            }
            defer { self.log.withLock { $0.active -= 1 } }
            var offset = bytes.lowerBound
            while offset < bytes.upperBound {
                let end = min(bytes.upperBound, offset + Self.chunkSize)
                let chunk: Data
                if offset < photo.data.count {
                    chunk = photo.data[photo.data.startIndex + offset ..< photo.data.startIndex + min(end, photo.data.count)]
                } else {
                    chunk = zeros.prefix(end - offset)
                }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += chunk.count
                self.log.withLock { $0.bytesSent += chunk.count }
            }
            try await writer.finish(nil)
        }
    }
}
