import Foundation
import Testing

extension OrderCrashTests {
    @Test("kill -9 while a webhook is in flight: after a restart every event reaches the shop, repeats carry the same id")
    func killDuringWebhookSending() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // The shop stalls until the test has killed the service: the first event stays in flight.
        let killed = Shared(false)
        let receiver = WebhookReceiver { _ in killed.value ? .accept : .stall(.seconds(3)) }
        try await OrderTestServer.with(receiver.router) { shop in
            let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
            let configuration = Self.configuration(sources: ["local:\(library.root.path)"], orders: orders) + """
                , "webhook": {"url": "\(shop.url("/hooks").absoluteString)", "secrets": ["\(WebhookReceiver.secret)"],
                              "maxAttempts": 1000, "retryBaseSeconds": 0.05, "retryMaximumSeconds": 0.2, "leaseSeconds": 3,
                              "pollIntervalSeconds": 0.05}
                """
            var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
            defer { if server.process.isRunning { server.process.terminate() } }
            let token = try await Self.session(server)
            let (status, created, text) = try await Self.call(
                server, "/v1/orders", method: "POST", token: token,
                body: #"{"reference": "crash-hook", "product": "4x6", "items": [{"source": "local-1", "itemId": "portrait.jpg"}]}"#,
                key: "crash-hook")
            #expect(status == 201, "\(text)")
            let id = try #require(created["id"] as? String)
            // When: the first event is being sent (the shop has it, the service has no answer yet)
            #expect(try await eventually(.seconds(60)) { !receiver.received.value.isEmpty })
            try await Self.kill9(server)
            let beforeKill = receiver.received.value
            killed.update { $0 = true }
            server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
            // Then: the restarted process takes the event over once its lease runs out, and sends the rest
            let order = try await Self.poll(server, order: id, token: token, every: .milliseconds(100), until: Self.isFinal)
            #expect(order["status"] as? String == "delivered")
            #expect(try await eventually(.seconds(90)) { Set(receiver.accepted.map(\.id)).count >= 5 })
            let accepted = receiver.accepted
            #expect(accepted.map(WebhookDeliveryTests.describe) == WebhookDeliveryTests.deliveredSequence)
            #expect(accepted.allSatisfy { $0.verified && $0.order == id })
            // The event in flight at the kill arrives again with the same id and the same body
            let first = try #require(beforeKill.first)
            #expect(first.status == "accepted")
            #expect(accepted.first?.id == first.id)
            #expect(accepted.first?.body == first.body)
            for received in receiver.received.value {
                #expect(receiver.received.value.filter { $0.id == received.id }.allSatisfy { $0.body == received.body })
            }
            try await Self.stop(server)
        }
    }
}
