import Foundation
import Hummingbird
import PhotoSourceKit

/// 429 with `Retry-After` once a request's budget (``RateLimits``) is spent.
///
/// Buckets are keyed on verified identities only. The API key is checked here (a digest compare
/// in memory): its `POST /v1/sessions` calls count against the session-creation budget, its other
/// calls against its own general bucket. A session token gets a bucket of its own only after
/// ``ServiceDependencies/requireSession(_:)`` has verified it; until then, and for any token that
/// never verifies (random, wrong, expired), the request is charged to its client address. So
/// inventing tokens buys nothing, and the limiter's table only ever holds real sessions and
/// addresses. Health checks and metrics scrapes are not limited; signed assets have their own
/// budget per address.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let dependencies: ServiceDependencies
    private var limits: RateLimits { dependencies.rateLimits }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch RateLimits.budget(ofPath: request.uri.path) {
        case .exempt:
            return try await next(request, context)
        case .signedAsset:
            try charge(limits.signedAssets, limits.addressKey(request, peer: context.clientAddress))
            return try await next(request, context)
        case .general:
            break
        }
        guard let token = BearerToken.from(request) else {
            try charge(limits.general, limits.addressKey(request, peer: context.clientAddress))
            return try await next(request, context)
        }
        if let key = dependencies.apiKeyIndex(of: token) {
            let createsSession = request.method == .post && request.uri.path == "/v1/sessions"
            try charge(createsSession ? limits.sessionCreation : limits.general, "api-key:\(key)")
            return try await next(request, context)
        }
        let tokenKey = "session:" + SecretHash.sha256Hex(token)
        switch limits.general.admitIfTracked(tokenKey) {
        case .admitted:
            return try await next(request, context)
        case .limited(let wait):
            throw RateLimits.refusal(retryAfter: wait)
        case .untracked:
            try charge(limits.general, limits.addressKey(request, peer: context.clientAddress))
            let caller = VerifiedCaller()
            defer { if caller.isSession { _ = limits.general.admit(tokenKey) } }
            return try await VerifiedCaller.$current.withValue(caller) { try await next(request, context) }
        }
    }

    private func charge(_ limiter: RateLimiter, _ key: String) throws {
        if let wait = limiter.admit(key) { throw RateLimits.refusal(retryAfter: wait) }
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
