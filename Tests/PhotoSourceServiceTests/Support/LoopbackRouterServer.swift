import Foundation
import Hummingbird
import SampleSources

/// A router served on 127.0.0.1 (an ephemeral port) until ``stop()``, quietly: the fake
/// servers of these tests (photo hosts, OAuth providers) are one of these plus their routes.
/// Stopped gracefully (``LoopbackServer``), never by cancelling its task.
final class LoopbackRouterServer: Sendable {
    private let server: LoopbackServer

    /// The bound port.
    var port: Int { server.port }

    private init(server: LoopbackServer) {
        self.server = server
    }

    /// Starts serving `router` and returns once it listens.
    static func start(_ router: Router<BasicRequestContext>, name: String) async throws -> LoopbackRouterServer {
        LoopbackRouterServer(server: try await LoopbackServer.start(router: router, name: name))
    }

    /// Stops the server and waits until it has.
    func stop() async {
        await server.stop()
    }
}
