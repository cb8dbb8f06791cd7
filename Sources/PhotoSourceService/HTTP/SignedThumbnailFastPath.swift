import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics
import PhotoImaging
import NIOCore

/// Answers `GET /v1/thumbnails/{signature}/{payload}` for URLs that verified before and whose
/// thumbnail is warm, ahead of the router: no route lookup, no request context, no middleware
/// chain, no task hop. Everything else goes on to the router unchanged.
///
/// It does what the router's path would, in the same order, and answers the same bytes with the
/// same headers: the signature is taken from ``URLSigner``'s cache of verified URLs (with the
/// expiry checked again), the request is charged to the client address's signed-asset budget
/// (``RateLimits``), `If-None-Match` gets 304, and the security headers, `Date` and `Server` are
/// added (not `Vary: Origin`: the CORS middleware adds it only when there is an `Origin`); the
/// request is counted in the router's metrics under the route's name. Whatever it cannot answer that way — an unknown or expired URL, a cold thumbnail, an
/// exhausted budget (the router answers the 429), an `Origin` header (CORS), another path —
/// it leaves to the router.
struct SignedThumbnailFastPath: Sendable {
    /// The route's name in the metrics, as the router names it.
    static let route = "/v1/thumbnails/{signature}/{payload}"
    private static let prefix = "/v1/thumbnails/"

    let dependencies: ServiceDependencies
    /// The `Server` header's value.
    let serverName: String
    private let dates = HTTPDateCache()
    private let metrics: [HTTPResponse.Status: (counter: Counter, timer: Metrics.Timer)]

    /// A fast path over `dependencies`, answering as `serverName`.
    init(dependencies: ServiceDependencies, serverName: String) {
        self.dependencies = dependencies
        self.serverName = serverName
        var metrics: [HTTPResponse.Status: (counter: Counter, timer: Metrics.Timer)] = [:]
        for status in [HTTPResponse.Status.ok, .notModified] {
            let dimensions = [("http.route", Self.route), ("http.request.method", "GET"), ("http.response.status_code", status.code.description)]
            metrics[status] = (Counter(label: "hb.requests", dimensions: dimensions),
                               Metrics.Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds))
        }
        self.metrics = metrics
    }

    /// `responder` with this fast path in front of it, for requests the connection's
    /// ``SignedThumbnailHandler`` left alone (a thumbnail only on disk, a pipelined request).
    func wrapping(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            let start = DispatchTime.now().uptimeNanoseconds
            let answer = self.response(
                method: request.method, path: request.head.path, headers: request.headers, peer: channel.remoteAddress?.ipAddress, tiers: .memoryAndDisk)
            if let (head, body) = answer {
                try await writer.write(response: head, body: body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
                record(head.status, since: start)
            } else {
                try await responder(request, writer, channel)
            }
        }
    }

    /// Counts an answer in the router's metrics.
    func record(_ status: HTTPResponse.Status, since start: UInt64) {
        guard let metric = metrics[status] else { return }
        metric.counter.increment()
        metric.timer.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start))
    }

    /// Where a warm thumbnail may come from: memory only on an event loop (no disk reads there).
    enum Tiers {
        case memoryOnly, memoryAndDisk
    }

    /// The answer to a request from `peer`, or `nil` to leave it to the router.
    func response(method: HTTPRequest.Method, path: String?, headers: HTTPFields, peer: String?, tiers: Tiers) -> (HTTPResponse, ByteBuffer?)? {
        guard method == .get, let path, path.hasPrefix(Self.prefix), headers[.origin] == nil else { return nil }
        let parts = path.utf8.dropFirst(Self.prefix.utf8.count).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let signature = Substring(parts[0]), payload = Substring(parts[1])
        guard !payload.contains("?"), !payload.contains("%"),
              let asset = dependencies.signer.knownAsset(signature: signature, payload: payload, kind: .thumbnail)
        else { return nil }
        let etag = ThumbnailsController.etag(for: asset)
        var fields: HTTPFields = [.eTag: etag, .cacheControl: ThumbnailsController.cacheControl]
        let status: HTTPResponse.Status
        var body: ByteBuffer?
        if ThumbnailsController.matches(headers[.ifNoneMatch], etag: etag) {
            status = .notModified
        } else {
            guard let thumbnail = try? ThumbnailsController.warmThumbnail(asset, dependencies: dependencies, memoryOnly: tiers == .memoryOnly)
            else { return nil }
            status = .ok
            fields[.contentType] = ThumbnailsController.contentType(of: thumbnail)
            fields[.contentLength] = String(thumbnail.data.count)
            body = ByteBuffer(bytes: thumbnail.data)
        }
        // Charged only when answering here; a refusal is the router's to write.
        let limits = dependencies.rateLimits
        guard limits.signedAssets.admit(limits.addressKey(headers, peer: peer)) == nil else { return nil }
        fields.addSecurityHeaders()
        fields[.date] = dates.now
        fields[.server] = serverName
        return (HTTPResponse(status: status, headerFields: fields), body)
    }
}
