import Foundation
import Hummingbird
import PhotoSourceKit

/// Request bodies are JSON, said and meant: a `POST`, `PUT` or `PATCH` that carries a body must
/// send `Content-Type: application/json` (parameters such as `charset` allowed), else 415; and no
/// object in it may name a key twice (``JSONKeyScanner``), else 400 `invalid-data`.
///
/// Applies to every route, so a route added later cannot forget it. A body that is not JSON at
/// all passes on to its route, whose decoder says what it expected. Sits inside
/// ``BodyLimitMiddleware``, which has already collected (and bounded) the body.
struct JSONBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The largest body collected (the service's body limit).
    let maximumBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch].contains(request.method), !(UploadsController.streamsBody(request) || HandoffReturnController.streamsBody(request)) else { return try await next(request, context) }
        var request = request
        let body = try await request.collectBody(upTo: maximumBytes)
        guard body.readableBytes > 0 else { return try await next(request, context) }
        guard Self.isJSON(request.headers[.contentType]) else {
            let given = request.headers[.contentType].map { "Content-Type \($0)" } ?? "no Content-Type"
            throw Problem(
                status: .unsupportedMediaType, code: .unsupportedFormat,
                detail: "Request bodies are JSON: send them with Content-Type: application/json (this one had \(given)).")
        }
        if case .duplicate(let key, let path) = JSONKeyScanner.scan(body.readableBytesView) {
            let place = path.isEmpty ? "The top-level object" : "The object at \(path)"
            throw Problem(
                status: .badRequest, code: .invalidData,
                detail: "\(place) names \"\(key)\" twice; send each key once (parsers disagree on which one wins).")
        }
        return try await next(request, context)
    }

    /// Whether a `Content-Type` value is `application/json` (any case, any parameters).
    static func isJSON(_ contentType: String?) -> Bool {
        mediaType(contentType) == "application/json"
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters; `nil` when there is none.
    static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
