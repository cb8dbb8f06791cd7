public import Foundation
public import Hummingbird
public import Logging
import PhotoSourceKit
public import ServiceLifecycle

/// A Hummingbird application on 127.0.0.1 run in a ServiceLifecycle group: the start-up the demo
/// servers and the tests' fake servers share (listen, learn the real port, stop gracefully).
///
/// Stopping is graceful on purpose: a server whose task is cancelled drops connections it had
/// already accepted but not yet handed to a handler, and swift-nio traps on those ("Deinited
/// NIOAsyncWriter without calling finish()") when a client connects just as the server stops.
public struct LoopbackServer: Sendable {
    /// The task running the service group (it ends when the server stops or fails).
    public let task: Task<Void, any Error>
    /// The group, for a graceful shutdown.
    public let group: ServiceGroup
    /// `http://127.0.0.1:<bound port>`.
    public let url: URL

    /// Starts `router` on `port` (0: ephemeral) and returns once it listens.
    /// Throws `.connection` naming `name` when it cannot listen.
    public static func start(
        router: Router<BasicRequestContext>, port: Int = 0, name: String, serverName: String? = nil, logger: Logger = LoopbackServer.quietLogger
    ) async throws -> LoopbackServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: serverName ?? name),
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

    /// A logger that only reports critical trouble (stopping with keep-alive connections open logs cancellations).
    public static var quietLogger: Logger {
        var logger = Logger(label: "LoopbackServer")
        logger.logLevel = .critical
        return logger
    }

    /// The bound port.
    public var port: Int { url.port ?? 0 }

    /// Stops gracefully (the listener closes first, connections already accepted are still
    /// served) and waits for the group to end; a handler still running after `grace` (a test's
    /// server that never answers) is cancelled then, so a stop never hangs.
    public func stop(grace: Duration = .seconds(5)) async {
        await group.triggerGracefulShutdown()
        let task = task
        let backstop = Task {
            try await Task.sleep(for: grace)
            task.cancel()
        }
        _ = try? await task.value
        backstop.cancel()
    }
}
