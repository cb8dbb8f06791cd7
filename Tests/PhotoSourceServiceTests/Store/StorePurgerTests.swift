import Foundation
import Logging
@testable import PhotoSourceService
import ServiceLifecycle
import Testing

@Suite("The store purger")
struct StorePurgerTests {
    @Test("expired sessions and what they own go on the purger's schedule; live ones stay", arguments: StoreEngine.allCases)
    func purgesOnSchedule(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            // Given: one expired session with a sign-in, one live one with a sign-in
            try await store.createSession(ServiceStoreTests.session("gone", expires: now.addingTimeInterval(-1)))
            try await store.createSession(ServiceStoreTests.session("live", expires: now.addingTimeInterval(3_600)))
            try await store.saveSignIn(session: "gone", source: "cloud", sealed: Data([1]))
            try await store.saveSignIn(session: "live", source: "cloud", sealed: Data([2]))
            let logs = LogCapture()
            let group = ServiceGroup(
                services: [StorePurger(store: store, interval: .milliseconds(100), logger: logs.logger)],
                gracefulShutdownSignals: [], logger: Logger(label: "test.purger"))
            let running = Task { try await group.run() }

            // When: nobody calls purgeExpired but the purger
            // Then: the expired session's sign-in (it cascades) goes; the live one stays
            #expect(try await Self.eventually { try await store.signIn(session: "gone", source: "cloud") == nil })
            #expect(try await store.signIn(session: "live", source: "cloud") == Data([2]))

            // And a session that expires later goes on a later round, without a restart
            // (3 s: the two calls below must come before it expires, also on a loaded machine)
            try await store.createSession(ServiceStoreTests.session("later", expires: Date().addingTimeInterval(3)))
            try await store.saveSignIn(session: "later", source: "cloud", sealed: Data([3]))
            #expect(try await store.signIn(session: "later", source: "cloud") == Data([3]))
            #expect(try await Self.eventually { try await store.signIn(session: "later", source: "cloud") == nil })
            #expect(try await store.signIn(session: "live", source: "cloud") == Data([2]))
            #expect(logs.text.contains("purged 1 expired session(s)"))

            await group.triggerGracefulShutdown()
            try await running.value
        }
    }

    @Test("webhook events finished longer ago than the retention go on the purger's schedule; newer and unfinished ones stay")
    func purgesFinishedWebhooks() async throws {
        try await OrderQueueTests.withStore { store in
            store.setWebhookOutbox(enabled: true)
            let now = Date()
            // Given: an order whose first event was delivered an hour ago and whose second was given
            // up just now, and an order whose only event is still pending
            _ = try await store.createOrder(OrderQueueTests.order("ord_1", key: "1"), now: now)
            _ = try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: now)
            _ = try await store.createOrder(OrderQueueTests.order("ord_2", key: "2"), now: now.addingTimeInterval(3_600))
            let old = try #require(try await store.claimWebhook(worker: "w", now: now, lease: 10))
            try await store.finishWebhook(id: old.event.id, worker: "w", outcome: .delivered, now: now.addingTimeInterval(-3_600))
            let recent = try #require(try await store.claimWebhook(worker: "w", now: now, lease: 10))
            try await store.finishWebhook(id: recent.event.id, worker: "w", outcome: .gaveUp(error: "HTTP 500"), now: now)
            let logs = LogCapture()
            let group = ServiceGroup(
                services: [StorePurger(store: store, interval: .milliseconds(100), webhookRetention: .seconds(60), logger: logs.logger)],
                gracefulShutdownSignals: [], logger: Logger(label: "test.purger"))
            let running = Task { try await group.run() }

            // When: nobody purges but the purger, keeping finished events for a minute
            // Then: the hour-old delivered event goes; the one given up just now and the pending one stay
            #expect(try await Self.eventually { try await store.webhooks(order: "ord_1").count == 1 })
            #expect(try await store.webhooks(order: "ord_1").map(\.event.id) == [recent.event.id])
            #expect(try await store.webhooks(order: "ord_2").map(\.state) == [.pending])
            #expect(logs.text.contains("purged 1 webhook event(s) finished more than 60 seconds ago"))
            #expect(StorePurger.describe(30 * 86_400) == "30 days")
            #expect(StorePurger.describe(1.5 * 86_400) == "1.5 days")

            await group.triggerGracefulShutdown()
            try await running.value
        }
    }

    /// Polls `condition` every 50 ms for up to 30 s.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<600 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
