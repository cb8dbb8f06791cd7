import Foundation
@testable import PhotoSourceService
import Testing

/// Issue 21's last migration rebuilds the webhook outbox (its `order_id` becomes nullable for
/// `handoff.custom` events). A database the previous release wrote already has outbox rows: they
/// must come through the rebuild with their ids, order, states and attempts, on both engines.
@Suite("Store upgrade: the webhook outbox rebuilt under existing rows")
struct OutboxUpgradeTests {
    @Test("rows written before the upgrade keep their ids, order, state and attempts, and the next claim is the oldest pending", arguments: StoreEngine.allCases)
    func upgradeKeepsRows(_ engine: StoreEngine) async throws {
        let (open, remove) = try await engine.makeDatabase()
        defer { remove() }
        let now = Date()
        // Given: a store with three events of one order, the first given up after one attempt
        var store = try await open()
        store.setWebhookOutbox(enabled: true)
        _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: now)
        _ = try await store.setStatus(order: "ord_1", to: .materialising, from: [.accepted], now: now)
        _ = try await store.setStatus(order: "ord_1", to: .delivering, from: [.materialising], now: now)
        let first = try #require(try await store.claimWebhook(worker: "a", now: now, lease: 10))
        try await store.finishWebhook(id: first.event.id, worker: "a", outcome: .gaveUp(error: "HTTP 500"), now: now)
        let before = try await store.webhookEvents(state: nil, after: nil, limit: 10)
        #expect(before.count == 3)
        // …put back into the previous release's shape: the outbox with `order_id NOT NULL`, no
        // hand-offs table, the schema one version older
        try await store.database.write { db in
            for statement in [
                "DROP TABLE handoffs",
                "ALTER TABLE webhook_outbox RENAME TO webhook_outbox_current",
                "DROP INDEX webhook_outbox_due",
                "DROP INDEX webhook_outbox_by_order",
            ] { _ = try await db.query(statement) }
            for statement in StoreMigrations.webhookSteps[0] { _ = try await db.query(db.dialect.schema(statement)) }
            _ = try await db.query("""
                INSERT INTO webhook_outbox (id, order_id, type, data, created_at, state, attempts, run_after, lease_owner, lease_until, last_error, finished_at)
                SELECT id, order_id, type, data, created_at, state, attempts, run_after, lease_owner, lease_until, last_error, finished_at
                FROM webhook_outbox_current ORDER BY seq
                """)
            _ = try await db.query("DROP TABLE webhook_outbox_current")
            _ = try await db.query("DELETE FROM schema_migrations WHERE version = ?", [.integer(StoreMigrations.steps.count)])
        }
        try await store.close()

        // When: the current build opens it (the migration runs over the rows)
        store = try await open()
        store.setWebhookOutbox(enabled: true)
        // Then: every row as it was, in the same order
        let after = try await store.webhookEvents(state: nil, after: nil, limit: 10)
        #expect(after.map(\.event.id) == before.map(\.event.id))
        #expect(after.map(\.state) == before.map(\.state))
        #expect(after.map(\.attempts) == before.map(\.attempts))
        #expect(after.map(\.orderID) == ["ord_1", "ord_1", "ord_1"])
        // …and the next claim is the oldest pending one, as before the upgrade
        let next = try #require(try await store.claimWebhook(worker: "b", now: now, lease: 10))
        #expect(next.event.id == before[1].event.id)
        try await store.close()
    }
}
