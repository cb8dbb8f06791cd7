import HTTPTypes
import Hummingbird

/// Adds `X-Content-Type-Options: nosniff`, a restrictive Content-Security-Policy (unless the
/// response has its own: the picker's pages) and
/// `Referrer-Policy: no-referrer` to every response, errors included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Problem.from(error).response()
        }
        response.headers.addSecurityHeaders()
        return response
    }
}

extension HTTPFields {
    /// The CSP: the API serves data and images, never pages that load anything.
    static let contentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// Sets the headers of ``SecurityHeadersMiddleware`` (also used by ``SignedThumbnailFastPath``).
    mutating func addSecurityHeaders() {
        self[.xContentTypeOptions] = "nosniff"
        // The picker's pages set a policy of their own (PickerPolicy); everything else gets this one.
        if self[.contentSecurityPolicy] == nil { self[.contentSecurityPolicy] = Self.contentSecurityPolicy }
        self[Self.referrerPolicy] = "no-referrer"
    }
}
