import Foundation
import Hummingbird
import NIOCore

/// Builds the demo cloud's responses: JSON, RFC 6749/6750 errors, HTML pages, redirects, and
/// bodies shaped by the current faults.
enum CloudResponses {
    /// Thrown from a body writer to cut the connection on purpose (truncation faults).
    struct ConnectionCut: Error {}

    /// Encodes `value` as JSON with snake_case keys.
    static func json(
        _ value: some Encodable, headers: HTTPFields = [:], shape: DemoCloud.Faults.BodyShape = .normal,
        pause: @escaping Pause = { try await Task.sleep(for: $0) }
    ) throws -> Response {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: .ok, headers: fields, body: body(try encoder.encode(value), shape: shape, pause: pause))
    }

    /// An OAuth error from the token or device endpoint (never cached).
    static func oauthError(_ error: OAuthError) -> Response {
        Response(
            status: .init(code: error.status),
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: error.body)))
    }

    /// An API error such as `not_found` or `invalid_request`.
    static func apiError(_ status: HTTPResponse.Status, _ code: String, _ description: String) -> Response {
        oauthErrorShaped(status: status, OAuthError(code, description, status: status.code), headers: [:])
    }

    /// 401 for a missing token (no error code, RFC 6750 §3.1) or an unknown/expired one (`invalid_token`).
    static func unauthorized(_ description: String?) -> Response {
        guard let description else {
            return oauthErrorShaped(
                status: .unauthorized, OAuthError("invalid_request", "An access token is required.", status: 401),
                headers: [.wwwAuthenticate: "Bearer realm=\"demo-cloud\""])
        }
        return oauthErrorShaped(
            status: .unauthorized, OAuthError("invalid_token", description, status: 401),
            headers: [.wwwAuthenticate: "Bearer realm=\"demo-cloud\", error=\"invalid_token\", error_description=\"\(description)\""])
    }

    /// 429 with `Retry-After`.
    static func rateLimited(retryAfterSeconds: Int) -> Response {
        oauthErrorShaped(
            status: .tooManyRequests, OAuthError("rate_limited", "Too many requests; retry later.", status: 429),
            headers: [.retryAfter: String(retryAfterSeconds)])
    }

    /// An HTML page.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// `302 Found` to `location`.
    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// Waits between the chunks of a slow drip (the server passes one that ends on shutdown).
    typealias Pause = @Sendable (Duration) async throws -> Void

    /// A body for `data` as the faults want it on the wire.
    static func body(_ data: Data, shape: DemoCloud.Faults.BodyShape, pause: @escaping Pause) -> ResponseBody {
        switch shape {
        case .normal:
            return ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        case .truncated:
            return ResponseBody(contentLength: data.count) { writer in
                try await writer.write(ByteBuffer(bytes: data.prefix(data.count / 2)))
                throw ConnectionCut()
            }
        case .understatedLength:
            return ResponseBody(contentLength: data.count / 2) { writer in
                try await writer.write(ByteBuffer(bytes: data))
                throw ConnectionCut()
            }
        case .drip(let interval, let chunkSize):
            return ResponseBody(contentLength: data.count) { writer in
                var offset = data.startIndex
                while offset < data.endIndex {
                    let end = min(data.endIndex, offset + chunkSize)
                    try await writer.write(ByteBuffer(bytes: data[offset..<end]))
                    offset = end
                    if offset < data.endIndex { try await pause(interval) }
                }
                try await writer.finish(nil)
            }
        }
    }

    private static func oauthErrorShaped(status: HTTPResponse.Status, _ error: OAuthError, headers: HTTPFields) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: error.body)))
    }
}
