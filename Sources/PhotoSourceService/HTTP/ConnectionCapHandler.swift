import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers a connection past ``ConnectionGate/maximum`` with `503 Service Unavailable`,
/// `Retry-After: 1` and `Connection: close` as soon as its first request's head arrives, and
/// closes it; one that sends no head within ``refusalGrace`` is just closed. Clients see a quick
/// answer they can retry instead of a connection that hangs in the kernel's queue, and the
/// connections already served keep their share of the machine.
final class ConnectionCapHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a refused connection may take to send its head before it is closed unanswered.
    static let refusalGrace = TimeAmount.seconds(1)

    private let gate: ConnectionGate
    private var counted = false
    private var refused = false
    private var answered = false

    /// A handler counting its connection in `gate`.
    init(gate: ConnectionGate) {
        self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        refused = !gate.enter()
        guard refused else { return }
        _ = context.eventLoop.assumeIsolated().scheduleTask(in: Self.refusalGrace) {
            if !self.answered { context.close(promise: nil) }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted { gate.leave() }
        counted = false
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refused else {
            context.fireChannelRead(data)
            return
        }
        guard case .head = unwrapInboundIn(data), !answered else { return }
        answered = true
        let head = HTTPResponse(status: .serviceUnavailable, headerFields: [
            .connection: "close", .retryAfter: "1", .contentLength: "0", .xContentTypeOptions: "nosniff",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
