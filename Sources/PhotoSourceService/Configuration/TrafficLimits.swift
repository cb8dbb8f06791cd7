import Foundation
import PhotoSourceKit

/// How the service holds up under load and abuse: connection timeouts and cap, and the rate
/// limits besides the general ``ServiceConfiguration/Limits/requestsPerMinute``.
///
/// The JSON key is `traffic`; every field may be left out and keeps its default. The timeouts
/// follow nginx's (`client_header_timeout`, `client_body_timeout`, `keepalive_timeout`, 60 s,
/// 60 s and 75 s there), shortened because every client of this API is a program.
public struct TrafficLimits: Sendable, Codable, Hashable {
    /// The most connections served at once (default 4,096); one more is answered 503 with
    /// `Retry-After: 1` and closed instead of waiting in the kernel's queue. Lowered at start to
    /// what the process's open-file limit leaves room for.
    public var maximumConnections: Int
    /// How long a new connection may take to send its first request's head in full, in seconds
    /// (default 10; nginx's `client_header_timeout`). A connection that sends nothing, or trickles
    /// its head byte by byte, is closed then.
    public var headerTimeoutSeconds: Double
    /// The longest pause between two parts of a request body, in seconds (default 30; nginx's
    /// `client_body_timeout`).
    public var bodyTimeoutSeconds: Double
    /// How long a kept-alive connection may wait after a response for the next request's head to
    /// arrive in full, in seconds (default 30; nginx's `keepalive_timeout`).
    public var idleTimeoutSeconds: Double
    /// Requests for signed thumbnails, originals and assets one client address may make per
    /// minute (default 6,000): a budget of their own, apart from the API calls, since a grid page
    /// is dozens of images and a CDN or NAT in front may carry many customers.
    public var signedAssetRequestsPerMinute: Int
    /// Sessions each API key may create per minute (default 3,000: fifty checkouts a second), a
    /// budget of its own so that a sale does not stop at the general per-minute limit.
    public var sessionsPerMinute: Int
    /// Addresses of reverse proxies or CDN edges (`10.0.0.2`, `::1`) whose `X-Forwarded-For` is
    /// believed: a request from one of them is limited by the address it forwarded for.
    /// Requests from anywhere else are limited by their own address, whatever they claim.
    /// Default: none.
    public var trustedProxies: [String]
    /// The most clients (verified sessions, API keys and addresses) each rate limiter tracks
    /// (default 100,000); past it, new clients share one overflow budget until windows turn.
    public var rateLimiterCapacity: Int

    /// Creates traffic limits; the defaults suit one shop on one machine.
    public init(
        maximumConnections: Int = 4_096, headerTimeoutSeconds: Double = 10, bodyTimeoutSeconds: Double = 30,
        idleTimeoutSeconds: Double = 30, signedAssetRequestsPerMinute: Int = 6_000, sessionsPerMinute: Int = 3_000,
        trustedProxies: [String] = [], rateLimiterCapacity: Int = 100_000
    ) {
        self.maximumConnections = maximumConnections
        self.headerTimeoutSeconds = headerTimeoutSeconds
        self.bodyTimeoutSeconds = bodyTimeoutSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.signedAssetRequestsPerMinute = signedAssetRequestsPerMinute
        self.sessionsPerMinute = sessionsPerMinute
        self.trustedProxies = trustedProxies
        self.rateLimiterCapacity = rateLimiterCapacity
    }

    enum Keys: String, CodingKey, CaseIterable {
        case maximumConnections, headerTimeoutSeconds, bodyTimeoutSeconds, idleTimeoutSeconds
        case signedAssetRequestsPerMinute, sessionsPerMinute, trustedProxies, rateLimiterCapacity
    }

    /// Decodes traffic limits; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self()
        self.init(
            maximumConnections: try fields.value(.maximumConnections, or: standard.maximumConnections),
            headerTimeoutSeconds: try fields.value(.headerTimeoutSeconds, or: standard.headerTimeoutSeconds),
            bodyTimeoutSeconds: try fields.value(.bodyTimeoutSeconds, or: standard.bodyTimeoutSeconds),
            idleTimeoutSeconds: try fields.value(.idleTimeoutSeconds, or: standard.idleTimeoutSeconds),
            signedAssetRequestsPerMinute: try fields.value(.signedAssetRequestsPerMinute, or: standard.signedAssetRequestsPerMinute),
            sessionsPerMinute: try fields.value(.sessionsPerMinute, or: standard.sessionsPerMinute),
            trustedProxies: try fields.list(.trustedProxies) ?? standard.trustedProxies,
            rateLimiterCapacity: try fields.value(.rateLimiterCapacity, or: standard.rateLimiterCapacity))
    }

    /// Every number that is not usable and every trusted proxy that is not an IP address, each
    /// with its JSON path.
    func problems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        for (name, value) in [
            ("maximumConnections", maximumConnections), ("signedAssetRequestsPerMinute", signedAssetRequestsPerMinute),
            ("sessionsPerMinute", sessionsPerMinute), ("rateLimiterCapacity", rateLimiterCapacity),
        ] where value <= 0 {
            problems.append(ConfigurationProblem(path: "$.traffic." + name, message: "must be more than 0; \(value) is not."))
        }
        for (name, seconds) in [("headerTimeoutSeconds", headerTimeoutSeconds), ("bodyTimeoutSeconds", bodyTimeoutSeconds), ("idleTimeoutSeconds", idleTimeoutSeconds)]
        where !(seconds > 0 && seconds.isFinite) {
            problems.append(ConfigurationProblem(path: "$.traffic." + name, message: "must be a positive number of seconds; \(seconds) is not."))
        }
        for (index, proxy) in trustedProxies.enumerated() where ClientAddressPolicy.normalised(proxy) == nil {
            problems.append(ConfigurationProblem(path: "$.traffic.trustedProxies[\(index)]", message: "\"\(proxy)\" is not an IPv4 or IPv6 address."))
        }
        return problems
    }
}
