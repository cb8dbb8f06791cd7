import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The connection settings in force: ``TrafficLimits`` fitted to the open-file limit.
///
/// Of the descriptors the process may hold, ``reserve`` stay free for the store, the caches, the
/// spool and outgoing calls. Connections up to ``maximumConnections`` are served; past it they
/// are answered 503 (``ConnectionCapHandler``), and past ``acceptCeiling`` the server stops
/// accepting until some close, so refusals themselves can never run the process out of
/// descriptors.
struct ConnectionPlan: Sendable {
    /// Descriptors kept free for everything but client connections.
    static let reserve = 128

    /// Connections served at once.
    let maximumConnections: Int
    /// Connections accepted at once, refused ones included.
    let acceptCeiling: Int
    /// The per-connection timeouts.
    let timeouts: ConnectionDeadlineHandler.Timeouts
    /// The counter every connection passes.
    let gate: ConnectionGate

    /// The plan for `traffic` with `openFileLimit` descriptors.
    init(_ traffic: TrafficLimits, openFileLimit: Int) {
        let room = max(2, openFileLimit - Self.reserve)
        maximumConnections = max(1, min(traffic.maximumConnections, room - Self.reserve / 2))
        acceptCeiling = min(room, maximumConnections + Self.reserve / 2)
        timeouts = .init(
            header: .nanoseconds(Int64(traffic.headerTimeoutSeconds * 1e9)), body: .nanoseconds(Int64(traffic.bodyTimeoutSeconds * 1e9)),
            idle: .nanoseconds(Int64(traffic.idleTimeoutSeconds * 1e9)))
        gate = ConnectionGate(maximum: maximumConnections)
    }

    /// The HTTP/1.1 server: the connection handlers, and `fastPath` both on the event loop
    /// (memory hits) and ahead of the router (the rest of what it can answer).
    func server(fastPath: SignedThumbnailFastPath) -> HTTPServerBuilder {
        let gate = gate, timeouts = timeouts
        let configuration = HTTP1Channel.Configuration(additionalChannelHandlers: [
            FlushBeforeCloseHandler(), ConnectionCapHandler(gate: gate), ConnectionDeadlineHandler(timeouts),
            SignedThumbnailHandler(fastPath: fastPath),
        ])
        return HTTPServerBuilder { responder in
            HTTP1Channel(responder: fastPath.wrapping(responder), configuration: configuration)
        }
    }

    /// Stops accepting at ``acceptCeiling``.
    func acceptLimit(logger: Logger) -> MaximumAvailableConnections {
        .maximum(acceptCeiling, logger: logger)
    }
}
