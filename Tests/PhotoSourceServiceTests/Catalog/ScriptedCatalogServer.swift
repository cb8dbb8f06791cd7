import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A remote catalog on 127.0.0.1 (ephemeral port) that answers `GET /catalog.json` from a script:
/// a document with an ETag (304 when `If-None-Match` names it), 500, an oversized body, or a held
/// answer that waits until ``release()``. It records every request's validators.
final class ScriptedCatalogServer: Sendable {
    /// One answer of the script.
    enum Answer: Sendable {
        case document(String, etag: String)
        case serverError
        case oversized(bytes: Int)
        case held(String, etag: String)
    }

    private let script = Mutex<[Answer]>([])
    private let seen = Mutex<[String?]>([])
    private let released = Mutex(false)
    private let server = Mutex<LoopbackRouterServer?>(nil)

    /// Starts a server, runs `body`, and stops the server whatever happens.
    static func run<T: Sendable>(_ body: (ScriptedCatalogServer) async throws -> T) async throws -> T {
        let catalogServer = ScriptedCatalogServer()
        try await catalogServer.start()
        do {
            let value = try await body(catalogServer)
            await catalogServer.stop()
            return value
        } catch {
            await catalogServer.stop()
            throw error
        }
    }

    /// `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(server.withLock { $0?.port ?? 0 })" }
    /// The catalog's URL.
    var url: URL { URL(string: origin + "/catalog.json")! }
    /// How many requests arrived.
    var requests: Int { seen.withLock { $0.count } }
    /// The `If-None-Match` of each request, in order.
    var ifNoneMatch: [String?] { seen.withLock { $0 } }

    /// Queues answers for the next requests (the last one repeats).
    func answer(_ answers: Answer...) { script.withLock { $0 += answers } }

    /// Lets held answers go.
    func release() { released.withLock { $0 = true } }

    private func start() async throws {
        let router = Router()
        router.get("/catalog.json") { request, _ in
            let condition = request.headers[.ifNoneMatch]
            self.seen.withLock { $0.append(condition) }
            let answer = self.script.withLock { $0.count > 1 ? $0.removeFirst() : $0.first } ?? .serverError
            switch answer {
            case .document(let text, let etag):
                if condition == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
                return Self.json(text, etag: etag)
            case .serverError:
                return Response(status: .internalServerError)
            case .oversized(let bytes):
                return Self.json(String(repeating: " ", count: bytes), etag: "\"big\"")
            case .held(let text, let etag):
                while !self.released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
                return Self.json(text, etag: etag)
            }
        }
        let started = try await LoopbackRouterServer.start(router, name: "ScriptedCatalogServer")
        server.withLock { $0 = started }
    }

    private func stop() async {
        release()
        await server.withLock { $0 }?.stop()
    }

    private static func json(_ text: String, etag: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json", .eTag: etag], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    /// The time now.
    var now: @Sendable () -> Date { { self.current.withLock { $0 } } }

    /// Moves the clock on.
    func advance(seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
