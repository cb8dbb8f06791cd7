import Hummingbird
import PhotoSourceKit

/// Answers 405 with `Allow` (RFC 9110 §15.5.6) when the path is routed but not for the request's
/// method, where the router alone answers 404; a path no route has stays 404.
///
/// Add it to the router after every route: Hummingbird wraps a route in the middleware added
/// before it, and the not-found responder in all of it, so middleware added last runs exactly
/// when no route matched both path and method (and still inside problem rendering and the
/// security headers).
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    private let table: RouteMethodTable<Context>

    /// A middleware for a router's `routes`.
    init(routes: [Router<Context>.RouteDescription]) {
        table = RouteMethodTable(routes)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let allow = await table.allowedMethods(forPath: request.uri.path, context: context),
              !allow.split(separator: ", ").contains(Substring(request.method.rawValue))
        else {
            return try await next(request, context)
        }
        var response = Problem(
            status: .methodNotAllowed, code: .notFound,
            detail: "\(request.uri.path) does not answer \(request.method.rawValue); it answers \(allow).").response()
        response.headers[.allow] = allow
        return response
    }
}
