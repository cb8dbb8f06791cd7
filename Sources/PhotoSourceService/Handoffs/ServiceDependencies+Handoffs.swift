import Foundation
import Hummingbird
import PhotoSourceKit

extension ServiceDependencies {
    /// The store as a ``HandoffStore``; `.unknown` when the configured store keeps no hand-offs.
    func handoffStore() throws -> any HandoffStore {
        guard let handoffs = store as? any HandoffStore else {
            throw PhotoSourceError(.unknown, "This service's store keeps no hand-offs; use the SQLite or PostgreSQL store.")
        }
        return handoffs
    }

    /// The origin a hand-off's one-time URL answers to in CORS: the request's `Origin` when it is
    /// the handler's launch origin or one of `handoffs.allowedOrigins`, else `nil`.
    func handoffCORSOrigin(_ request: Request, _ handoff: Handoff) -> String? {
        guard let origin = request.headers[.origin] else { return nil }
        return origin == handoff.launchOrigin || configuration.handoffs.allowedOrigins.contains(origin) ? origin : nil
    }

    /// `response` with the CORS fields for `origin` (when there is one) and `Vary: Origin`.
    func withHandoffCORS(_ response: Response, origin: String?) -> Response {
        var response = response
        if let origin { response.headers[.accessControlAllowOrigin] = origin }
        if !response.headers[values: .vary].contains("Origin") { response.headers[values: .vary].append("Origin") }
        return response
    }

    /// The answer to a browser's preflight (`OPTIONS`) of a hand-off URL: 204 allowing `method`
    /// and `Content-Type` for the launch origin or an allowed origin, else 403; unknown tokens 404.
    func handoffPreflight(_ request: Request, _ handoff: Handoff?, method: String) -> Response {
        guard let handoff else { return HandoffRefusal.unknown.response() }
        guard let origin = handoffCORSOrigin(request, handoff) else {
            let given = request.headers[.origin] ?? "(none)"
            return Problem(status: .forbidden, code: .accessDenied, detail: "The origin \(given) may not use this hand-off.").response()
        }
        return withHandoffCORS(
            Response(status: .noContent, headers: [
                .accessControlAllowMethods: method + ", OPTIONS", .accessControlAllowHeaders: "Content-Type", .accessControlMaxAge: "600",
            ]),
            origin: origin)
    }

    /// Whether `path` is one of a hand-off's one-time URLs (`/v1/handoffs/{token}/image` or
    /// `/return`), whose routes answer CORS preflights themselves (the allowed origin is the
    /// hand-off's, not the service's list).
    static func isHandoffTokenPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[1] == "v1" && parts[2] == "handoffs" && (parts[4] == "image" || parts[4] == "return")
    }
}
