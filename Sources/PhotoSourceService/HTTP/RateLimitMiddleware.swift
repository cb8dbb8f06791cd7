import Foundation
import Hummingbird
import PhotoSourceKit

/// 429 with `Retry-After` once a session (keyed by its token's hash) or, without one, a client
/// address goes over the per-minute limit.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let key: String
        if let token = BearerToken.from(request) {
            key = "token:" + SecretHash.sha256Hex(token)
        } else {
            key = "address:" + (context.clientAddress ?? "unknown")
        }
        if let wait = limiter.admit(key) {
            throw Problem(
                status: .tooManyRequests, code: .rateLimited(retryAfter: .seconds(wait)),
                detail: "Too many requests; try again in \(wait) seconds.", retryAfter: wait)
        }
        return try await next(request, context)
    }
}

/// The token of an `Authorization: Bearer …` header.
enum BearerToken {
    static func from(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
