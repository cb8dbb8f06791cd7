import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers warm signed thumbnails right on the connection's event loop, before the request
/// reaches Hummingbird's async side: no task hop, no request object, no router.
///
/// It asks ``SignedThumbnailFastPath`` with the thumbnail cache's memory tier only (the event
/// loop must never wait on the disk); whatever it declines goes on unchanged. It answers only
/// when the application has nothing in flight on the connection (every request handed on has
/// been read to its end and answered), so pipelined responses stay in order, and only requests
/// without a `Connection` header (closing is the application's business). The rest of an answered
/// request (its end) is dropped; responses are flushed once per read burst.
final class SignedThumbnailHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let fastPath: SignedThumbnailFastPath
    private var handedOn = 0
    private var handedOnEnded = 0
    private var answeredByApplication = 0
    private var droppingAnsweredRequest = false
    private var needsFlush = false
    /// The client's address as text, formatted once per connection (it does not change).
    private var peer: String??

    /// A handler answering through `fastPath`.
    init(fastPath: SignedThumbnailFastPath) {
        self.fastPath = fastPath
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if answer(head, context: context) {
                droppingAnsweredRequest = true
                return
            }
            droppingAnsweredRequest = false
            handedOn += 1
        case .body:
            if droppingAnsweredRequest { return }
        case .end:
            if droppingAnsweredRequest {
                droppingAnsweredRequest = false
                return
            }
            handedOnEnded += 1
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { answeredByApplication += 1 }
        context.write(data, promise: promise)
    }

    /// Writes the fast path's answer to `head` when it has one and may give it now.
    private func answer(_ head: HTTPRequest, context: ChannelHandlerContext) -> Bool {
        guard handedOn == handedOnEnded, handedOn == answeredByApplication, head.headerFields[.connection] == nil else { return false }
        let start = DispatchTime.now().uptimeNanoseconds
        if peer == nil { peer = .some(context.channel.remoteAddress?.ipAddress) }
        guard let (response, body) = fastPath.response(
            method: head.method, path: head.path, headers: head.headerFields, peer: peer ?? nil, tiers: .memoryOnly)
        else { return false }
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        needsFlush = true
        fastPath.record(response.status, since: start)
        return true
    }
}
