import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics
import PhotoImaging
import PhotoSourceKit
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
final class SignedThumbnailFastPath: Sendable {  // a class: each connection's handler shares it rather than copying its fields per call
    /// The route's name in the metrics, as the router names it.
    static let route = "/v1/thumbnails/{signature}/{payload}"
    private static let prefix = "/v1/thumbnails/"

    let dependencies: ServiceDependencies
    /// The `Server` header's value.
    let serverName: String
    private let dates = HTTPDateCache()
    private let responses = SignedThumbnailResponses()
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
                self.record(head.status, since: start)
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
        guard method == .get, let path, path.hasPrefix(Self.prefix), headers[.origin] == nil,
              let entry = entry(for: path)
        else { return nil }
        let status: HTTPResponse.Status
        var fields: HTTPFields
        var body: ByteBuffer?
        if ThumbnailsController.matches(headers[.ifNoneMatch], etag: entry.etag) {
            status = .notModified
            fields = entry.notModifiedFields
        } else {
            let cache = dependencies.thumbnails, version = entry.asset.version
            guard let thumbnail = tiers == .memoryOnly
                ? cache.memoryThumbnail(sourceID: entry.sourceID, itemID: entry.asset.item, spec: entry.spec, validator: version)
                : cache.storedThumbnail(sourceID: entry.sourceID, itemID: entry.asset.item, spec: entry.spec, validator: version)
            else { return nil }
            let (prepared, added) = entry.body(for: thumbnail)
            responses.held(added)
            status = .ok
            fields = prepared.fields
            body = prepared.buffer
        }
        // Charged only when answering here; a refusal is the router's to write.
        let limits = dependencies.rateLimits
        guard limits.signedAssets.admit(limits.addressKey(headers, peer: peer)) == nil else { return nil }
        fields.append(HTTPField(name: .date, value: dates.now))
        fields.append(HTTPField(name: .server, value: serverName))
        return (HTTPResponse(status: status, headerFields: fields), body)
    }

    /// What is known of the signed thumbnail URL `path`: remembered, or verified now from
    /// ``URLSigner``'s cache (expiry checked) and remembered; `nil` for anything the router must
    /// answer (an unknown, expired or malformed URL, a source not every session sees alike, no pinned
    /// version).
    private func entry(for path: String) -> SignedThumbnailResponses.Entry? {
        let now = Date()
        if let known = responses.entry(for: path, now: now) { return known }
        let parts = path.utf8.dropFirst(Self.prefix.utf8.count).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let signature = Substring(parts[0]), payload = Substring(parts[1])
        guard !payload.contains("?"), !payload.contains("%"),
              let asset = dependencies.signer.knownAsset(signature: signature, payload: payload, kind: .thumbnail, now: now),
              !asset.version.isEmpty,
              let source = try? dependencies.catalog.source(asset.source), source.isSharedByEverySession
        else { return nil }
        let entry = SignedThumbnailResponses.Entry(asset: asset, sourceID: source.source.id, etag: ThumbnailsController.etag(for: asset))
        responses.remember(entry, for: path)
        return entry
    }
}
