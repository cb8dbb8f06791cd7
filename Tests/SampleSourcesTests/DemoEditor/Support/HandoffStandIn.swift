import Foundation
import Hummingbird
import NIOCore
import SampleSources
import Synchronization

/// A loopback stand-in for the service's hand-off URLs: `GET /image` serves one photo once
/// (then 410, like a used one-time URL) and `POST /return` takes one upload (then 410), keeping
/// what it received. ``returnStatus`` makes the return fail on purpose.
final class HandoffStandIn: Sendable {
    /// What the return URL received.
    struct Returned: Sendable {
        let contentType: String?
        let body: Data
    }

    private struct State {
        var imageServed = false
        var imageRequests = 0
        var returned: Returned?
    }

    private let state = Mutex(State())
    private let server: Mutex<LoopbackServer?> = Mutex(nil)
    private let photo: Data
    private let photoType: String
    private let returnStatus: HTTPResponse.Status

    /// `photo` (served as `photoType`); the return answers `returnStatus` (201 with an item id when it is 201).
    init(photo: Data, photoType: String, returnStatus: HTTPResponse.Status = .created) {
        self.photo = photo
        self.photoType = photoType
        self.returnStatus = returnStatus
    }

    /// Starts serving; returns the base URL.
    func start() async throws -> URL {
        let router = Router()
        router.get("image") { _, _ -> Response in
            let first = self.state.withLock { state in
                state.imageRequests += 1
                defer { state.imageServed = true }
                return !state.imageServed
            }
            guard first else { return Response(status: .gone) }
            return Response(status: .ok, headers: [.contentType: self.photoType], body: .init(byteBuffer: ByteBuffer(bytes: self.photo)))
        }
        router.post("return") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 << 20)
            let accepted = self.state.withLock { state in
                guard state.returned == nil else { return false }
                state.returned = Returned(contentType: request.headers[.contentType], body: Data(body.readableBytesView))
                return true
            }
            guard accepted else { return Response(status: .gone) }
            guard self.returnStatus == .created else { return Response(status: self.returnStatus) }
            return Response(
                status: .created, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"source": "received", "itemId": "rcv_1"}"#)))
        }
        let started = try await LoopbackServer.start(router: router, name: "HandoffStandIn")
        server.withLock { $0 = started }
        return started.url
    }

    /// Stops serving.
    func stop() async {
        await server.withLock { $0 }?.stop()
    }

    /// How often the image was asked for.
    var imageRequests: Int { state.withLock { $0.imageRequests } }

    /// What the return URL received, if anything.
    var returned: Returned? { state.withLock { $0.returned } }
}
