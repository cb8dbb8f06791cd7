import Hummingbird
import PhotoSourceKit

/// CORS for the origins the configuration lists, and no others: the allowed origin is echoed
/// (never `*`), preflights are answered, and a preflight from an unknown origin gets 403.
/// Preflights of a hand-off's one-time URLs go on to their routes, which allow the hand-off's
/// launch origin.
struct CORSAllowListMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowedOrigins: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        let allowed = allowedOrigins.contains(origin)
        // A hand-off's one-time URLs answer their own preflights: the origin allowed is the hand-off's.
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil,
           !ServiceDependencies.isHandoffTokenPath(request.uri.path) {
            guard allowed else {
                return Problem(status: .forbidden, code: .accessDenied, detail: "The origin \(origin) may not call this API.").response()
            }
            return Response(status: .noContent, headers: [
                .accessControlAllowOrigin: origin,
                .accessControlAllowMethods: "GET, POST, DELETE, OPTIONS",
                .accessControlAllowHeaders: "Authorization, Content-Type, Idempotency-Key, If-None-Match, Range",
                .accessControlMaxAge: "600",
                .vary: "Origin",
            ])
        }
        var response = try await next(request, context)
        if allowed {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlExposeHeaders] = "ETag, Content-MD5, Content-Range, Retry-After"
        }
        response.headers[values: .vary].append("Origin")
        return response
    }
}
