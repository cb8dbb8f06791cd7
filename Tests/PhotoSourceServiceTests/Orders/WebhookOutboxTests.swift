import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The webhook outbox in the SQLite store: rows written with the changes they report, leased
/// like jobs, an order's rows one at a time.
@Suite("Webhooks: the outbox in the SQLite store")
struct WebhookOutboxTests {
    static func statuses(_ entries: [WebhookOutboxEntry]) throws -> [String] {
        try entries.map { entry in
            let data = try #require(try JSONSerialization.jsonObject(with: entry.event.data) as? [String: Any])
            return try #require((data["order"] as? [String: Any])?["status"] as? String)
        }
    }

    @Test("each status change writes one order.updated row with the status event, and none while the outbox is off", arguments: StoreEngine.allCases)
    func rowsComeWithTheirTransitions(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            _ = try await store.createOrder(OrderQueueTests.order("ord_off", key: "off"), now: Date())
            #expect(try await store.webhooks(order: "ord_off").isEmpty)
            // When
            store.setWebhookOutbox(enabled: true)
            _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: Date())
            #expect(try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: Date()))
            #expect(try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: Date()) == false)
            _ = try await store.cancelOrder(id: "ord_1", now: Date())
            // Then: one row per order.status event, in the same order, each with its own stable id
            let rows = try await store.webhooks(order: "ord_1")
            let events = try await store.events(order: "ord_1", after: 0, limit: 100).filter { $0.type == "order.status" }
            #expect(try Self.statuses(rows) == ["accepted", "materialising", "cancelled"])
            #expect(rows.count == events.count)
            #expect(Set(rows.map(\.event.id)).count == 3)
            #expect(rows.allSatisfy { $0.event.id.hasPrefix("evt_") && $0.event.type == "order.updated" && $0.state == .pending })
            let data = try #require(try JSONSerialization.jsonObject(with: rows[0].event.data) as? [String: Any])
            #expect(data["order"] as? [String: String] == ["id": "ord_1", "reference": "R", "status": "accepted"])
            #expect(try await store.webhooks(order: "ord_off").isEmpty)
        }
    }

    @Test("an order's rows are sent one at a time, oldest first; a dead sender's row is taken over with the same id", arguments: StoreEngine.allCases)
    func leasesKeepOrderAndSurviveADeadSender(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            store.setWebhookOutbox(enabled: true)
            let now = Date()
            _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: now)
            _ = try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: now)
            let first = try #require(try await store.claimWebhook(worker: "a", now: now, lease: 10))
            #expect(try Self.statuses([first]) == ["accepted"])
            // The next row of the order waits while the first is being sent
            #expect(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(5), lease: 10) == nil)
            // When: a dies; its lease runs out
            let taken = try #require(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(11), lease: 10))
            // Then
            #expect(taken.event.id == first.event.id)
            #expect(taken.attempts == 2)
            try await store.finishWebhook(id: first.event.id, worker: "a", outcome: .delivered, now: now)  // too late: ignored
            #expect(try await store.webhooks(order: "ord_1").first?.state == .sending)
            try await store.finishWebhook(
                id: taken.event.id, worker: "b", outcome: .retry(at: now.addingTimeInterval(30), error: "HTTP 500"), now: now)
            #expect(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(20), lease: 10) == nil)
            let again = try #require(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(31), lease: 10))
            #expect(again.event.id == first.event.id)
            #expect(again.lastError == "HTTP 500")
            try await store.finishWebhook(id: again.event.id, worker: "b", outcome: .delivered, now: now)
            let second = try #require(try await store.claimWebhook(worker: "b", now: now.addingTimeInterval(32), lease: 10))
            #expect(try Self.statuses([second]) == ["materialising"])
            try await store.finishWebhook(id: second.event.id, worker: "b", outcome: .gaveUp(error: "HTTP 500"), now: now)
            #expect(try await store.webhooks(order: "ord_1").map(\.state) == [.delivered, .failed])
        }
    }

    @Test("purging removes the rows that finished before the cut-off, delivered or given up; pending and sending rows stay, however old", arguments: StoreEngine.allCases)
    func purgeKeepsUnfinishedRows(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            store.setWebhookOutbox(enabled: true)
            let start = Date(timeIntervalSince1970: 1_000_000)
            // Given: three orders' first rows: one delivered, one given up, one being sent; a second,
            // still pending row behind the delivered one
            for id in ["ord_d", "ord_f", "ord_s"] { _ = try await store.createOrder(OrderQueueTests.order(id, key: id), now: start) }
            _ = try await store.setStatus(order: "ord_d", to: .materialising, from: [.accepted], now: start)
            var outcomes: [String: WebhookOutboxEntry.Outcome] = ["ord_d": .delivered, "ord_f": .gaveUp(error: "HTTP 500")]
            while let row = try await store.claimWebhook(worker: "w", now: start, lease: 10) {
                if let outcome = outcomes.removeValue(forKey: row.orderID ?? "") {
                    try await store.finishWebhook(id: row.event.id, worker: "w", outcome: outcome, now: start)
                }
                if row.orderID == "ord_s" { break }
            }
            #expect(outcomes.isEmpty)
            // When: the cut-off is at the moment they finished, nothing goes (strictly before)
            #expect(try await store.purgeWebhooks(finishedBefore: start) == 0)
            // When: the cut-off is after it
            let purged = try await store.purgeWebhooks(finishedBefore: start.addingTimeInterval(1))
            // Then: the two finished rows went; the pending and the sending ones stay, and the
            // order's own events are untouched
            #expect(purged == 2)
            #expect(try await store.webhooks(order: "ord_d").map(\.state) == [.pending])
            #expect(try await store.webhooks(order: "ord_f").isEmpty)
            #expect(try await store.webhooks(order: "ord_s").map(\.state) == [.sending])
            #expect(try await store.events(order: "ord_f", after: 0, limit: 10).contains { $0.type == "order.status" })
            // And the pending row is still sent next
            let next = try #require(try await store.claimWebhook(worker: "w", now: start.addingTimeInterval(2), lease: 10))
            #expect(try Self.statuses([next]) == ["materialising"])
            #expect(try await store.purgeWebhooks(finishedBefore: .distantFuture) == 0)
        }
    }
}
