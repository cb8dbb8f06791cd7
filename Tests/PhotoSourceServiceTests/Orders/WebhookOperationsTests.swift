import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The shop's webhook operations over HTTP, against a real receiver on loopback.
@Suite("Webhooks: listing, redelivering and pinging with the API key")
struct WebhookOperationsTests {
    static func post(_ harness: ServiceHarness, _ uri: String, token: String = ServiceHarness.apiKey) async throws -> TestResponse {
        try await harness.client.execute(uri: uri, method: .post, headers: [.authorization: "Bearer \(token)"])
    }

    /// Polls `GET /v1/webhooks/events?status=delivered` until it lists `count` events (at most about 30 s).
    static func delivered(_ harness: ServiceHarness, count: Int) async throws -> Bool {
        for _ in 0..<600 {
            let listed = try ServiceHarness.object(try await harness.get("/v1/webhooks/events?status=delivered", token: ServiceHarness.apiKey))
            if (listed["events"] as? [[String: Any]])?.count == count { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("a given-up event is listed as failed, sent again on redeliver with its own id, and a ping arrives signed")
    func failedEventIsRedeliveredAndPingArrives() async throws {
        // The receiver refuses its first request; one attempt per event, so that event gives up.
        let receiver = WebhookReceiver { $0 == 1 ? .fail : .accept }
        try await OrderTestServer.with(receiver.router) { server in
            try await ServiceHarness.run(configure: { configuration in
                ServiceHarness.orderConfiguration(&configuration)
                configuration.webhook = WebhookDeliveryTests.settings(server, maxAttempts: 1)
            }) { harness in
                let id = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
                _ = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)
                #expect(try await eventually(.seconds(60)) { receiver.accepted.count >= 4 })
                // Then: the first event is listed as given up
                let listed = try ServiceHarness.object(try await harness.get("/v1/webhooks/events?status=failed", token: ServiceHarness.apiKey))
                let failed = try #require(listed["events"] as? [[String: Any]])
                #expect(failed.count == 1)
                let event = try #require(failed.first?["id"] as? String)
                #expect(event == receiver.received.value.first?.id)
                #expect(failed.first?["orderId"] as? String == id)
                // When: redelivered
                let redelivered = try await Self.post(harness, "/v1/webhooks/events/\(event)/redeliver")
                #expect(redelivered.status == .ok, "\(String(buffer: redelivered.body))")
                // Then: it arrives with its own id, and the outbox no longer lists it as failed
                #expect(try await eventually(.seconds(60)) { receiver.accepted.contains { $0.id == event } })
                #expect(try await Self.delivered(harness, count: 5))
                // A delivered event is not sent again; an unknown one is 404
                #expect(try await Self.post(harness, "/v1/webhooks/events/\(event)/redeliver").status == .conflict)
                #expect(try await Self.post(harness, "/v1/webhooks/events/evt_nothing/redeliver").status == .notFound)
                // When: a ping
                let ping = try await Self.post(harness, "/v1/webhooks/ping")
                #expect(ping.status == .ok, "\(String(buffer: ping.body))")
                let pingID = try #require(try ServiceHarness.object(ping)["id"] as? String)
                // Then: it arrived signed, of type webhook.ping
                let arrived = try #require(receiver.received.value.last)
                #expect(arrived.id == pingID && arrived.type == "webhook.ping" && arrived.verified)
            }
        }
    }

    @Test("only the API key: a session gets 403; a ping without a webhook is 409; a bad status is 400")
    func shopOnlyAndNoWebhook() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            #expect(try await harness.get("/v1/webhooks/events", token: token).status == .forbidden)
            #expect(try await Self.post(harness, "/v1/webhooks/ping", token: token).status == .forbidden)
            #expect(try await Self.post(harness, "/v1/webhooks/events/evt_x/redeliver", token: token).status == .forbidden)
            #expect(try await harness.get("/v1/webhooks/events", token: nil).status == .unauthorized)
            #expect(try await Self.post(harness, "/v1/webhooks/ping").status == .conflict)
            #expect(try await harness.get("/v1/webhooks/events?status=lost", token: ServiceHarness.apiKey).status == .badRequest)
            let empty = try ServiceHarness.object(try await harness.get("/v1/webhooks/events", token: ServiceHarness.apiKey))
            #expect((empty["events"] as? [Any])?.isEmpty == true)
        }
    }
}
