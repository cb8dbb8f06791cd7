import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("GET /v1/orders: the caller's orders, filtered, a stable page at a time")
struct OrderListingTests {
    /// The ids of `GET uri` with `token`, and its next cursor.
    static func page(_ harness: ServiceHarness, _ uri: String, token: String) async throws -> (ids: [String], next: String?) {
        let response = try await harness.get(uri, token: token)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let body = try ServiceHarness.object(response)
        let orders = try #require(body["orders"] as? [[String: Any]])
        return (orders.compactMap { $0["id"] as? String }, body["nextCursor"] as? String)
    }

    @Test("a session lists only its own orders, the API key every order; reference and status filter")
    func ownersAndFilters() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (alice, _) = try await harness.newSession()
            let (bob, _) = try await harness.newSession()
            let first = try await harness.placeOrder(["portrait.jpg"], token: alice)
            let response = try await harness.postOrder(ServiceHarness.orderBody(["portrait.jpg"], reference: "R-bob"), token: bob, key: "bob-1")
            let second = try #require(try ServiceHarness.object(response)["id"] as? String)
            _ = try await harness.waitForOrder(first, token: alice)
            _ = try await harness.waitForOrder(second, token: bob)
            // When / Then
            #expect(try await Self.page(harness, "/v1/orders", token: alice).ids == [first])
            #expect(try await Self.page(harness, "/v1/orders", token: bob).ids == [second])
            #expect(try await Self.page(harness, "/v1/orders", token: ServiceHarness.apiKey).ids == [first, second])
            #expect(try await Self.page(harness, "/v1/orders?reference=R-bob", token: ServiceHarness.apiKey).ids == [second])
            #expect(try await Self.page(harness, "/v1/orders?status=delivered", token: ServiceHarness.apiKey).ids == [first, second])
            #expect(try await Self.page(harness, "/v1/orders?status=failed", token: ServiceHarness.apiKey).ids == [])
            #expect(try await Self.page(harness, "/v1/orders?createdAfter=2100-01-01T00:00:00Z", token: ServiceHarness.apiKey).ids == [])
            #expect(try await Self.page(harness, "/v1/orders?createdAfter=2000-01-01T00:00:00Z", token: alice).ids == [first])
            // Each order is shown as GET /v1/orders/{id} shows it
            let listed = try ServiceHarness.object(try await harness.get("/v1/orders?reference=R-bob", token: bob))
            #expect(((listed["orders"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("pages follow the cursor: every order once, in creation order, also when orders are added meanwhile")
    func cursorPages() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            var placed: [String] = []
            for _ in 0..<3 { placed.append(try await harness.placeOrder(["portrait.jpg"], token: token)) }
            // When: one at a time
            var seen: [String] = []
            var page = try await Self.page(harness, "/v1/orders?limit=1", token: token)
            seen += page.ids
            placed.append(try await harness.placeOrder(["portrait.jpg"], token: token))  // added while paging
            while let next = page.next {
                page = try await Self.page(harness, "/v1/orders?limit=1&cursor=\(next)", token: token)
                seen += page.ids
            }
            // Then
            #expect(seen == placed)
            #expect(page.ids.count == 1)  // the last page has its order and no cursor
        }
    }

    @Test("a bad parameter is 400 with each one named in errors")
    func badParameters() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let response = try await harness.get("/v1/orders?status=shipped&limit=0&cursor=nonsense&createdAfter=yesterday", token: ServiceHarness.apiKey)
            #expect(response.status == .badRequest)
            let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
            #expect(Set(errors.compactMap { $0["path"] as? String }) == ["status", "limit", "cursor", "createdAfter"])
            #expect(try await harness.get("/v1/orders", token: nil).status == .unauthorized)
        }
    }
}
