import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceService
import Testing

@Suite("Rate limits under abuse")
struct RateLimitAbuseTests {
    @Test("random and wrong bearer tokens are limited by the client's address, not given a bucket each")
    func inventedTokensAreLimitedByAddress() async throws {
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 5 }) { harness in
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<7 {
                statuses.append(try await harness.get("/v1/sources", token: "invented-\(index)-\(UUID().uuidString)").status)
            }
            #expect(statuses == [.unauthorized, .unauthorized, .unauthorized, .unauthorized, .unauthorized, .tooManyRequests, .tooManyRequests])
            // A wrong API key on session creation counts the same way.
            let wrongKey = try await harness.client.execute(uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer psk_wrong"])
            #expect(wrongKey.status == .tooManyRequests)
        }
    }

    @Test("a verified session gets its own bucket: its requests are not charged to its address")
    func verifiedSessionHasItsOwnBucket() async throws {
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 3 }) { harness in
            let session = try await harness.newSession()
            // The first request is charged to the address (the token is not known yet), the rest to the session.
            for _ in 0..<3 { #expect(try await harness.get("/v1/sources", token: session.token).status == .ok) }
            #expect(try await harness.get("/v1/sources", token: session.token).status == .tooManyRequests)
            // The address spent one of its three.
            #expect(try await harness.get("/openapi.yaml", token: nil).status == .ok)
            #expect(try await harness.get("/openapi.yaml", token: nil).status == .ok)
            #expect(try await harness.get("/openapi.yaml", token: nil).status == .tooManyRequests)
        }
    }

    @Test("health and metrics are never 429, even after an image burst spent every budget")
    func healthIsNeverLimited() async throws {
        try await ServiceHarness.run(configure: {
            $0.limits.requestsPerMinute = 3
            $0.traffic.signedAssetRequestsPerMinute = 5
        }) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            var images: [HTTPResponse.Status] = []
            for _ in 0..<8 { images.append(try await harness.get(url, token: nil).status) }
            #expect(images == [.ok, .ok, .ok, .ok, .ok, .tooManyRequests, .tooManyRequests, .tooManyRequests])
            for _ in 0..<3 { _ = try await harness.get("/openapi.yaml", token: nil) }
            for _ in 0..<10 {
                #expect(try await harness.get("/v1/health", token: nil).status == .ok)
                #expect(try await harness.get("/metrics", token: nil).status == .ok)
            }
        }
    }

    @Test("signed assets have their own budget per address, apart from the API calls")
    func signedAssetsHaveTheirOwnBudget() async throws {
        try await ServiceHarness.run(configure: {
            $0.limits.requestsPerMinute = 3
            $0.traffic.signedAssetRequestsPerMinute = 20
        }) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            for _ in 0..<20 { #expect(try await harness.get(url, token: nil).status == .ok) }
            let limited = try await harness.get(url, token: nil)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init) != nil)
            // The images spent none of the general budget.
            #expect(try await harness.get("/openapi.yaml", token: nil).status == .ok)
            #expect(try await harness.get("/v1/sources", token: session.token).status == .ok)
        }
    }

    @Test("the API key's session creation has its own limit, apart from the general one")
    func sessionCreationHasItsOwnLimit() async throws {
        try await ServiceHarness.run(configure: {
            $0.limits.requestsPerMinute = 3
            $0.traffic.sessionsPerMinute = 6
        }) { harness in
            for _ in 0..<6 { _ = try await harness.newSession() }
            let limited = try await harness.client.execute(
                uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
            #expect(limited.status == .tooManyRequests)
            #expect(try ServiceHarness.object(limited)["code"] as? String == "rate-limited")
            // Anonymous callers from the same address still have their own three.
            #expect(try await harness.get("/openapi.yaml", token: nil).status == .ok)
        }
    }

    @Test("X-Forwarded-For picks the bucket only when the request comes from a configured trusted proxy")
    func forwardedForFromTrustedProxyOnly() async throws {
        try await ServiceHarness.run(configure: {
            $0.limits.requestsPerMinute = 2
            $0.traffic.trustedProxies = ["127.0.0.1"]
        }) { harness in
            let statuses = try await Self.statuses(harness, forwardedFor: ["203.0.113.1", "203.0.113.1", "203.0.113.1", "203.0.113.2"])
            #expect(statuses == [.ok, .ok, .tooManyRequests, .ok])
        }
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 2 }) { harness in
            let statuses = try await Self.statuses(harness, forwardedFor: ["203.0.113.1", "203.0.113.1", "203.0.113.2"])
            #expect(statuses == [.ok, .ok, .tooManyRequests])
        }
    }

    /// The statuses of anonymous requests claiming to be forwarded for each of `addresses`.
    static func statuses(_ harness: ServiceHarness, forwardedFor addresses: [String]) async throws -> [HTTPResponse.Status] {
        var statuses: [HTTPResponse.Status] = []
        for address in addresses {
            let headers: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: address]
            statuses.append(try await harness.get("/openapi.yaml", token: nil, headers: headers).status)
        }
        return statuses
    }
}
