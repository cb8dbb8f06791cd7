import Hummingbird
import Logging

/// Turns every error into an RFC 9457 problem response, logging 5xx ones (without the request's
/// secrets: only the method and the path's first two segments).
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Problem.from(error)
            if problem.status >= 500 {
                context.logger.error("request failed", metadata: [
                    "method": "\(request.method)", "route": "\(LogField.bounded(RedactedPath.describe(request.uri.path)))", "code": "\(problem.code)",
                    // What went wrong, for the operator (the customer sees only the problem). Our
                    // errors never carry tokens: URLs in them are redacted where they are made.
                    // Both bounded: a request may put an id of any length into either.
                    "error": "\(LogField.bounded(String(reflecting: error)))",
                ])
            }
            return problem.response()
        }
    }
}

/// A request path fit for logs: signed URL parts and ids are cut.
enum RedactedPath {
    /// `/v1/thumbnails/…` for signed URLs, else the path with query strings dropped.
    static func describe(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.count >= 2, parts[0] == "v1", ["thumbnails", "originals"].contains(parts[1]) { return "/v1/\(parts[1])/…" }
        return path
    }
}
