import NIOCore

/// Holds a connection's close until the response bytes written before it have reached the
/// socket, so draining on SIGTERM never cuts a body short.
///
/// Why: when the server drains, Hummingbird 2.28's `HTTPConnectionStateHandler` closes a
/// connection right after handing on the last part of its response (`writeAndFlush(end)` then
/// `close()`), and it closes an idle-looking connection at once even when the last response is
/// still queued. NIO's `close()` fails every write it has not yet handed to the kernel, so a slow
/// client (a full socket buffer) lost the tail of a streamed original: curl exit 18, about one
/// run in three under load. NIO's own `HTTPServerPipelineHandler` waits for the write first;
/// this handler, placed below Hummingbird's (`HTTP1Channel.Configuration.additionalChannelHandlers`),
/// does the same for every full close. A client that stops reading still gets closed, after
/// ``maximumWait``.
final class FlushBeforeCloseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    // Parts pass through untouched (never unwrapped), so the types need not be named.
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    /// The longest a close waits for queued writes.
    static let maximumWait = TimeAmount.seconds(30)

    private var writesInFlight = 0
    private var heldClose: EventLoopPromise<Void>?
    private var isHoldingClose = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        writesInFlight += 1
        let tracked = context.eventLoop.makePromise(of: Void.self)
        context.write(data, promise: tracked)
        tracked.futureResult.assumeIsolated().whenComplete { result in
            self.writesInFlight -= 1
            promise?.completeWith(result)
            if self.writesInFlight == 0 { self.releaseClose(context) }
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, writesInFlight > 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        if isHoldingClose {
            if let promise { heldClose?.futureResult.cascade(to: promise) }
            return
        }
        isHoldingClose = true
        heldClose = promise ?? context.eventLoop.makePromise(of: Void.self)
        context.flush()
        _ = context.eventLoop.assumeIsolated().scheduleTask(in: Self.maximumWait) { self.releaseClose(context) }
    }

    private func releaseClose(_ context: ChannelHandlerContext) {
        guard isHoldingClose else { return }
        isHoldingClose = false
        let promise = heldClose
        heldClose = nil
        context.close(mode: .all, promise: promise)
    }
}
