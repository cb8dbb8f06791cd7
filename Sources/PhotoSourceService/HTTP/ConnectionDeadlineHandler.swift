import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client keeps it open without getting on with a request:
/// the first request's head must arrive in full within the header timeout of connecting, the
/// next one within the idle timeout of the previous response, and a body may not pause longer
/// than the body timeout. While a response is being worked on there is no deadline (sources have
/// their own timeout).
///
/// Why not Hummingbird's `HTTP1Channel.Configuration.idleTimeout`: it is one timeout for all of
/// these, restarted by every body part, and a connection that never sends a byte waits as long as
/// a kept-alive one. Placed after the HTTP decoder, so a head counts only once it is complete: a
/// slowloris trickling header bytes is closed on time however steadily it trickles.
///
/// One timer per connection at a time: a new deadline only moves a stored time, and the timer,
/// when it fires, either closes or sleeps again until the stored time (no allocation per request).
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The three timeouts.
    struct Timeouts: Sendable {
        /// For the first request's head, from the connection's start.
        let header: TimeAmount
        /// The longest pause between body parts.
        let body: TimeAmount
        /// For the next request's head, from the end of the previous response.
        let idle: TimeAmount
    }

    private let timeouts: Timeouts
    private var headsRead = 0
    private var endsRead = 0
    private var responsesEnded = 0
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    /// A handler enforcing `timeouts`.
    init(_ timeouts: Timeouts) {
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { setDeadline(.now() + timeouts.header, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil { setDeadline(.now() + timeouts.header, context: context) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: headsRead += 1
        case .body: break
        case .end: endsRead += 1
        }
        update(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesEnded += 1
            update(context)
        }
        context.write(data, promise: promise)
    }

    /// The deadline the connection's state calls for.
    private func update(_ context: ChannelHandlerContext) {
        if endsRead < headsRead {
            setDeadline(.now() + timeouts.body, context: context)  // reading a body
        } else if responsesEnded < headsRead {
            setDeadline(nil, context: context)  // answering
        } else {
            setDeadline(.now() + timeouts.idle, context: context)  // waiting for the next request
        }
    }

    private func setDeadline(_ new: NIODeadline?, context: ChannelHandlerContext) {
        deadline = new
        guard let new else { return }
        if let timerDeadline, timerDeadline <= new { return }  // the timer fires first and sleeps on
        cancelTimer()
        schedule(new, context: context)
    }

    private func schedule(_ at: NIODeadline, context: ChannelHandlerContext) {
        timerDeadline = at
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) { self.timerFired(context) }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        guard let deadline else { return }
        if deadline <= .now() {
            context.close(promise: nil)
        } else {
            schedule(deadline, context: context)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}
