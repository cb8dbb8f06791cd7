import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Synchronization
import Testing

@Suite("Idempotency keys live from the first request, independent of the session")
struct OrderIdempotencyLifetimeTests {
    /// A clock the test moves on.
    final class TestClock: Sendable {
        private let offset = Mutex<TimeInterval>(0)
        func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
        var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }
    }

    @Test("after the session expired, the same key from the API key answers the same order; after the key's lifetime it makes a new one")
    func keyOutlivesSession() async throws {
        let clock = TestClock()
        let configure: (inout ServiceConfiguration) -> Void = { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.limits.sessionLifetimeSeconds = 3_600
        }
        try await ServiceHarness.run(configure: configure, clock: { clock.now }) { harness in
            let (token, _) = try await harness.newSession()
            let body = ServiceHarness.orderBody(["portrait.jpg"])
            // Given: the customer's checkout made the order (and its answer was lost)
            let first = try await harness.postOrder(body, token: token, key: "checkout-77")
            #expect(first.status == .created)
            let id = try #require(try ServiceHarness.object(first)["id"] as? String)
            // When: two hours later the session has expired, and the shop's backend retries with the API key
            clock.advance(by: 2 * 3_600)
            #expect(try await harness.get("/v1/sources", token: token).status == .unauthorized)
            let retry = try await harness.postOrder(body, token: ServiceHarness.apiKey, key: "checkout-77")
            // Then: the same order
            #expect(retry.status == .ok)
            #expect(try ServiceHarness.object(retry)["id"] as? String == id)
            // And a different body under that key is still refused
            let other = try await harness.postOrder(ServiceHarness.orderBody(["Album/sunset.jpg"]), token: ServiceHarness.apiKey, key: "checkout-77")
            #expect(other.status == .unprocessableContent)
            // When: the key's 24 hours have passed
            clock.advance(by: 23 * 3_600)
            let late = try await harness.postOrder(body, token: ServiceHarness.apiKey, key: "checkout-77")
            // Then: the key no longer names the old order
            #expect(late.status == .created)
            #expect(try ServiceHarness.object(late)["id"] as? String != id)
        }
    }
}
