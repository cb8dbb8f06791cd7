import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Testing

@Suite("POST /v1/orders/{id}/asset-urls reissues an order's signed asset URLs")
struct OrderAssetURLsTests {
    /// The path and query of an absolute URL the service answered.
    static func path(_ url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The reissued URL and MD5 of each line.
    static func reissue(_ harness: ServiceHarness, order: String) async throws -> [[String: Any]] {
        let response = try await harness.client.execute(
            uri: "/v1/orders/\(order)/asset-urls", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try #require(try ServiceHarness.object(response)["items"] as? [[String: Any]])
    }

    @Test("after the URLs expired, the old one is refused and the reissued one serves the order's exact bytes (same MD5)")
    func lateLabGetsSameBytes() async throws {
        let clock = OrderIdempotencyLifetimeTests.TestClock()
        let configure: (inout ServiceConfiguration) -> Void = { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.orders.assetURLLifetimeSeconds = 3_600
        }
        try await ServiceHarness.run(configure: configure, clock: { clock.now }) { harness in
            // Given: a delivered order, and the asset URL a lab was given
            let id = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
            let order = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)
            let md5 = try #require((order["items"] as? [[String: Any]])?.first?["md5"] as? String)
            let first = try #require(try await Self.reissue(harness, order: id).first)
            let old = try Self.path(try #require(first["url"] as? String))
            #expect(try await harness.get(old, token: nil).status == .ok)
            // When: the lab fetches two hours later, after the URL's hour
            clock.advance(by: 2 * 3_600)
            // Then: the old URL is gone, and a reissued one serves the same bytes
            #expect(try await harness.get(old, token: nil).status == .gone)
            let line = try #require(try await Self.reissue(harness, order: id).first)
            #expect(line["md5"] as? String == md5)
            let fresh = try Self.path(try #require(line["url"] as? String))
            #expect(fresh != old)
            let fetched = try await harness.get(fresh, token: nil)
            #expect(fetched.status == .ok)
            let digest = Insecure.MD5.hash(data: Data(buffer: fetched.body)).map { String(format: "%02x", $0) }.joined()
            #expect(digest == md5)
        }
    }

    @Test("only the API key: a customer session gets 403, no token 401, an unknown order 404")
    func shopOnly() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            let asSession = try await harness.client.execute(
                uri: "/v1/orders/\(id)/asset-urls", method: .post, headers: [.authorization: "Bearer \(token)"])
            #expect(asSession.status == .forbidden)
            #expect(try await harness.client.execute(uri: "/v1/orders/\(id)/asset-urls", method: .post).status == .unauthorized)
            let unknown = try await harness.client.execute(
                uri: "/v1/orders/ord_nothing/asset-urls", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
            #expect(unknown.status == .notFound)
        }
    }
}
