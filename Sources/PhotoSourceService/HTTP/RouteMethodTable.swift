import HTTPTypes
import Hummingbird
import NIOCore

/// Which methods a request path is routed for, found the way the router finds routes.
///
/// Built from a router's ``Router/routes``: a second router holds one route per path, whose
/// handler answers the path's methods, so a path is matched by Hummingbird's own trie (captures,
/// `**`, precedence) rather than by a copy of its rules. `HEAD` is listed wherever `GET` is,
/// since the service's router answers HEAD for every GET (`.autoGenerateHeadEndpoints`).
struct RouteMethodTable<Context: RequestContext>: Sendable {
    private let responder: RouterResponder<Context>

    /// A table of `routes`.
    init(_ routes: [Router<Context>.RouteDescription]) {
        var methods: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in routes {
            methods[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        let lookup = Router(context: Context.self)
        for (path, routed) in methods.values {
            let allow = Self.allowValue(routed)
            lookup.get(path) { _, _ in Response(status: .noContent, headers: [.allow: allow]) }
        }
        responder = lookup.buildResponder()
    }

    /// The `Allow` value for `path` (`GET, HEAD`), or `nil` when no route has that path.
    ///
    /// `context` is the request's: the lookup sets its endpoint path to the route it found, so
    /// metrics label a 405 by the route rather than as not found.
    func allowedMethods(forPath path: String, context: Context) async -> String? {
        let probe = Request(head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: .init(buffer: ByteBuffer()))
        guard let response = try? await responder.respond(to: probe, context: context), response.status == .noContent else { return nil }
        return response.headers[.allow]
    }

    /// `methods` (plus HEAD for GET) in a stable order.
    static func allowValue(_ methods: Set<HTTPRequest.Method>) -> String {
        var methods = methods
        if methods.contains(.get) { methods.insert(.head) }
        return methods.map(\.rawValue).sorted().joined(separator: ", ")
    }
}
