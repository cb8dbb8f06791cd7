import Foundation
@testable import PhotoSourceService
import Testing

/// The webhook outbox's operations in the store, on both engines: listing by state in pages, and
/// putting a given-up row back to pending.
@Suite("Webhooks: listing and redelivering outbox rows in the store")
struct WebhookOperationsStoreTests {
    @Test("rows list oldest first by state, a page at a time; only a given-up row goes back to pending, due now, with a fresh schedule", arguments: StoreEngine.allCases)
    func listAndRedeliver(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            store.setWebhookOutbox(enabled: true)
            let now = Date()
            // Given: three rows of one order, the first given up, the second delivered, the third pending
            _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: now)
            _ = try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: now)
            _ = try await store.setStatus(order: "ord_1", to: .delivering, from: [.materialising], now: now)
            let first = try #require(try await store.claimWebhook(worker: "a", now: now, lease: 10))
            try await store.finishWebhook(id: first.event.id, worker: "a", outcome: .gaveUp(error: "HTTP 500"), now: now)
            let second = try #require(try await store.claimWebhook(worker: "a", now: now, lease: 10))
            try await store.finishWebhook(id: second.event.id, worker: "a", outcome: .delivered, now: now)
            // Then: the listing by state and in pages
            #expect(try await store.webhookEvents(state: .failed, after: nil, limit: 10).map(\.event.id) == [first.event.id])
            let all = try await store.webhookEvents(state: nil, after: nil, limit: 10)
            #expect(all.map(\.state) == [.failed, .delivered, .pending])
            let page = try await store.webhookEvents(state: nil, after: nil, limit: 2)
            #expect(page.map(\.event.id) == Array(all.prefix(2)).map(\.event.id))
            #expect(try await store.webhookEvents(state: nil, after: page[1].event.id, limit: 2).map(\.event.id) == [all[2].event.id])
            // When: the delivered one is asked to go again: refused; the given-up one: back to pending
            let delivered = try #require(try await store.redeliverWebhook(id: second.event.id, now: now))
            #expect(delivered.requeued == false && delivered.entry.state == .delivered)
            #expect(try await store.redeliverWebhook(id: "evt_unknown", now: now) == nil)
            let again = try #require(try await store.redeliverWebhook(id: first.event.id, now: now.addingTimeInterval(60)))
            #expect(again.requeued && again.entry.state == .pending && again.entry.attempts == 0)
            // Then: it is claimed again, with its own id (before the order's newer row)
            let claimed = try #require(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(60), lease: 10))
            #expect(claimed.event.id == first.event.id)
            #expect(claimed.attempts == 1)
        }
    }
}
