import Hummingbird
import PhotoSourceKit

/// The service's rate limiters and whom each request is charged to, shared by the middleware
/// and the signed-thumbnail fast path.
///
/// Three budgets: the general one (``ServiceConfiguration/Limits/requestsPerMinute``) per
/// verified session, per API key, or per client address for everything unverified; signed
/// assets per client address (``TrafficLimits/signedAssetRequestsPerMinute``); and session
/// creation per API key (``TrafficLimits/sessionsPerMinute``). `/v1/health` and `/metrics`
/// are in none of them.
struct RateLimits: Sendable {
    /// The general budget.
    let general: RateLimiter
    /// Signed thumbnails, originals and assets, per client address.
    let signedAssets: RateLimiter
    /// `POST /v1/sessions`, per API key.
    let sessionCreation: RateLimiter
    /// How a request's client address is found.
    let addresses: ClientAddressPolicy

    /// The limiters `configuration` asks for.
    init(_ configuration: ServiceConfiguration) {
        let traffic = configuration.traffic
        general = RateLimiter(limit: configuration.limits.requestsPerMinute, capacity: traffic.rateLimiterCapacity)
        signedAssets = RateLimiter(limit: traffic.signedAssetRequestsPerMinute, capacity: traffic.rateLimiterCapacity)
        sessionCreation = RateLimiter(limit: traffic.sessionsPerMinute, capacity: traffic.rateLimiterCapacity)
        addresses = ClientAddressPolicy(trustedProxies: traffic.trustedProxies)
    }

    /// The bucket key of the client that sent `request` over a connection from `peer`.
    func addressKey(_ request: Request, peer: String?) -> String {
        addressKey(request.headers, peer: peer)
    }

    /// The bucket key of the client that sent a request with `headers` over a connection from `peer`.
    func addressKey(_ headers: HTTPFields, peer: String?) -> String {
        let forwarded = headers[values: .xForwardedFor]
        return "address:" + ClientAddressPolicy.bucket(of: addresses.clientAddress(peer: peer, forwardedFor: forwarded))
    }

    /// What a path is charged to, before any credential is looked at.
    enum Budget {
        /// Not limited: health checks and metrics scrapes.
        case exempt
        /// The signed-asset budget of the client address.
        case signedAsset
        /// The general budget (or session creation's, for the API key).
        case general
    }

    /// The budget of a request for `path`.
    static func budget(ofPath path: String) -> Budget {
        if path == "/v1/health" || path == "/metrics" { return .exempt }
        if path.hasPrefix("/v1/thumbnails/") || path.hasPrefix("/v1/originals/") || path.hasPrefix("/v1/assets/")
            || path.hasPrefix("/v1/icons/") { return .signedAsset }
        return .general
    }

    /// The 429 for a wait of `seconds`.
    static func refusal(retryAfter seconds: Int) -> Problem {
        Problem(
            status: .tooManyRequests, code: .rateLimited(retryAfter: .seconds(seconds)),
            detail: "Too many requests; try again in \(seconds) seconds.", retryAfter: seconds)
    }
}
