import HTTPTypes
import Hummingbird

/// Adds `X-Content-Type-Options: nosniff`, a restrictive Content-Security-Policy and
/// `Referrer-Policy: no-referrer` to every response, errors included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The CSP: the API serves data and images, never pages that load anything.
    static var contentSecurityPolicy: String { "default-src 'none'; frame-ancestors 'none'; base-uri 'none'" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Problem.from(error).response()
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }
}
