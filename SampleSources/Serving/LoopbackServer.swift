import Foundation
import Hummingbird
import Logging
import PhotoSourceKit
import ServiceLifecycle

/// A Hummingbird application on 127.0.0.1 run in a ServiceLifecycle group: the start-up the demo
/// servers share (listen, learn the real port, stop gracefully).
struct LoopbackServer: Sendable {
    /// The task running the service group (it ends when the server stops or fails).
    let task: Task<Void, any Error>
    /// The group, for a graceful shutdown.
    let group: ServiceGroup
    /// `http://127.0.0.1:<bound port>`.
    let url: URL

    /// Starts `router` on `port` (0: ephemeral) and returns once it listens.
    /// Throws `.connection` naming `name` when it cannot listen.
    static func start(
        router: Router<BasicRequestContext>, port: Int, name: String, serverName: String, logger: Logger
    ) async throws -> LoopbackServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: serverName),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? port)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            task.cancel()  // when start itself was cancelled; harmless when the server failed
            do {
                try await task.value
            } catch {
                throw PhotoSourceError(.connection, "\(name) could not listen on 127.0.0.1:\(port).", underlying: error)
            }
            throw PhotoSourceError(.connection, "\(name) stopped before it was listening on 127.0.0.1:\(port).")
        }
        return LoopbackServer(task: task, group: group, url: URL(string: "http://127.0.0.1:\(boundPort)")!)
    }

    /// Stops gracefully and waits for the group to end.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
