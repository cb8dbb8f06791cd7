import Foundation
import Hummingbird
import Logging

/// A router served on 127.0.0.1 (an ephemeral port) until ``stop()``, quietly: the fake
/// servers of these tests (photo hosts, OAuth providers) are one of these plus their routes.
final class LoopbackRouterServer: Sendable {
    /// The bound port.
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts serving `router` and returns once it listens.
    static func start(_ router: Router<BasicRequestContext>, name: String) async throws -> LoopbackRouterServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var quiet = Logger(label: name)
        quiet.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: name),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }, logger: quiet)
        let task = Task { defer { continuation.finish() }; try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            throw CancellationError()
        }
        return LoopbackRouterServer(port: bound, task: task)
    }

    /// Stops the server and waits until it has.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
