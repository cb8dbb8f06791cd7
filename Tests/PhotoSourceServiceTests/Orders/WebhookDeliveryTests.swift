import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// `order.updated` webhooks from a running service to a real receiver on loopback.
@Suite("Webhooks: order.updated events reach the shop")
struct WebhookDeliveryTests {
    static func settings(_ server: OrderTestServer, maxAttempts: Int = 50) -> WebhookSettings {
        WebhookSettings(
            url: server.url("/hooks").absoluteString, secrets: [WebhookReceiver.secret], maxAttempts: maxAttempts,
            retryBaseSeconds: 0.05, retryMaximumSeconds: 0.2, leaseSeconds: TestTime.scaled(seconds: 4),
            pollIntervalSeconds: 0.05)
    }

    /// What the shop should see of a folder order that is delivered.
    static let deliveredSequence = ["accepted", "materialising", "delivering", "delivering shop-folder=delivered", "delivered"]

    static func describe(_ received: WebhookReceiver.Received) -> String {
        received.status + (received.delivery.map { " " + $0 } ?? "")
    }

    /// Runs a service whose webhook goes to `receiver`, places one folder order, and waits until
    /// it is delivered and the shop has answered 2xx to all five of its events; returns the order id.
    static func deliverOneOrder(to receiver: WebhookReceiver) async throws -> String {
        let placed = Shared("")
        try await OrderTestServer.with(receiver.router) { server in
            try await ServiceHarness.run(configure: { configuration in
                ServiceHarness.orderConfiguration(&configuration)
                configuration.webhook = Self.settings(server)
            }) { harness in
                let (token, _) = try await harness.newSession()
                let id = try await harness.placeOrder(["portrait.jpg"], token: token)
                placed.update { $0 = id }
                _ = try await harness.waitForOrder(id, token: token)
                #expect(try await eventually(.seconds(60)) { receiver.accepted.count >= 5 })
            }
        }
        return placed.value
    }

    @Test("an order's events arrive signed, in order, each once with its own id and type order.updated")
    func eventsArriveSignedAndInOrder() async throws {
        let receiver = WebhookReceiver()
        let id = try await Self.deliverOneOrder(to: receiver)
        // Then
        let received = receiver.received.value
        #expect(received.map(Self.describe) == Self.deliveredSequence)
        #expect(received.allSatisfy { $0.verified && $0.type == "order.updated" && $0.order == id && $0.headerID == $0.id })
        #expect(Set(received.map(\.id)).count == received.count)
        #expect(received.allSatisfy { $0.id.hasPrefix("evt_") })
    }

    @Test("a 500 is retried with the same event id and body; the order's later events wait for it")
    func failuresAreRetriedWithTheSameID() async throws {
        let receiver = WebhookReceiver { $0 <= 2 ? .fail : .accept }
        _ = try await Self.deliverOneOrder(to: receiver)
        // Then: the first event three times (two 500s, then 204), the rest once each, in order
        let received = receiver.received.value
        #expect(received.map(Self.describe) == ["accepted", "accepted"] + Self.deliveredSequence)
        #expect(Set(received.prefix(3).map(\.id)).count == 1)
        #expect(Set(received.prefix(3).map(\.body)).count == 1)
        #expect(receiver.accepted.map(Self.describe) == Self.deliveredSequence)
        #expect(received.allSatisfy { $0.verified })
    }

    @Test("an unreachable shop: each event is tried on the schedule, then recorded as given up with the reason, and logged")
    func anUnreachableShopIsGivenUpOnVisibly() async throws {
        // A port that was just free: nothing listens there any more.
        let closed = try await OrderTestServer.with(WebhookReceiver().router) { $0 }
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.webhook = Self.settings(closed, maxAttempts: 2)
        }) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["status"] as? String == "delivered")  // the shop being down never holds an order back
            let state = harness.library.deletingLastPathComponent().appendingPathComponent("state/service.sqlite")
            let store = try await SQLiteServiceStore.open(file: state)
            var rows: [WebhookOutboxEntry] = []
            for _ in 0..<600 {
                rows = try await store.webhooks(order: id)
                if rows.count == 5, rows.allSatisfy({ $0.state == .failed }) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await store.close()
            #expect(rows.count == 5)
            #expect(rows.allSatisfy { $0.state == .failed && $0.attempts == 2 })
            #expect(rows.allSatisfy { $0.lastError?.isEmpty == false })
            #expect(harness.logs.text.contains("gave up on \(rows.first?.event.id ?? "?")"))
        }
    }

    @Test("a URL that is not http(s), or a short secret, is refused with a sentence naming the field")
    func badSettingsAreRefused() throws {
        let bad = WebhookSettings(url: "ftp://shop.example/hooks", secrets: [WebhookReceiver.secret])
        let scheme = #expect(throws: PhotoSourceError.self) { try bad.sender() }
        #expect(scheme?.message.contains("http or https") == true)
        let short = WebhookSettings(url: "https://shop.example/hooks", secrets: ["short"])
        let secret = #expect(throws: PhotoSourceError.self) { try short.sender() }
        #expect(secret?.message.contains("webhook.secrets") == true)
        let empty = WebhookSettings(url: "", secrets: [WebhookReceiver.secret])
        #expect(throws: PhotoSourceError.self) { try empty.sender() }
        for days in [0, -1, .infinity, .nan, 40_000] {
            let retention = WebhookSettings(url: "https://shop.example/hooks", secrets: [WebhookReceiver.secret], retentionDays: days)
            let refused = #expect(throws: PhotoSourceError.self) { try retention.sender() }
            #expect(refused?.message.contains("webhook.retentionDays") == true, "\(days)")
        }
        #expect(throws: Never.self) {
            try WebhookSettings(url: "https://shop.example/hooks", secrets: [WebhookReceiver.secret], retentionDays: 0.5).sender()
        }
    }

    @Test("the webhook block is read from the file; the environment overrides its url and secrets")
    func configurationAndEnvironment() throws {
        let url = try ConfigurationTests.file("""
            {\(OrderConfigurationTests.keys), "webhook": {"url": "https://shop.example/hooks", "secrets": ["\(WebhookReceiver.secret)"], "maxAttempts": 3}}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ServiceConfiguration.load(file: url, environment: [:]).configuration
        #expect(file.webhook?.url == "https://shop.example/hooks")
        #expect(file.webhook?.maxAttempts == 3)
        #expect(file.webhook?.leaseSeconds == 60)
        #expect(file.webhook?.retentionDays == 30)
        let overridden = try ServiceConfiguration.load(
            file: url, environment: ["PHOTOSOURCE_WEBHOOK_URL": "https://other.example/h", "PHOTOSOURCE_WEBHOOK_SECRETS": "a-new-secret-0001, \(WebhookReceiver.secret)"]
        ).configuration
        #expect(overridden.webhook?.url == "https://other.example/h")
        #expect(overridden.webhook?.secrets == ["a-new-secret-0001", WebhookReceiver.secret])
        #expect(overridden.webhook?.maxAttempts == 3)
        let kept = try ConfigurationTests.file("""
            {\(OrderConfigurationTests.keys), "webhook": {"url": "https://shop.example/hooks", "secrets": ["\(WebhookReceiver.secret)"], "retentionDays": 7}}
            """)
        defer { try? FileManager.default.removeItem(at: kept) }
        #expect(try ServiceConfiguration.load(file: kept, environment: [:]).configuration.webhook?.retentionDays == 7)
        let none = try ConfigurationTests.file("{\(OrderConfigurationTests.keys)}")
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(try ServiceConfiguration.load(file: none, environment: [:]).configuration.webhook == nil)
        let refused = #expect(throws: PhotoSourceError.self) {
            try ServiceConfiguration.load(file: none, environment: ["PHOTOSOURCE_WEBHOOK_URL": "https://shop.example/hooks"])
        }
        #expect(refused?.message.contains("webhook.secrets") == true)
    }
}
