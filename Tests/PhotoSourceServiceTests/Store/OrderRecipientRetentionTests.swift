import Foundation
import Logging
@testable import PhotoSourceService
import Testing

@Suite("An order's recipient is erased with the order's retention")
struct OrderRecipientRetentionTests {
    static func order(_ id: String) -> OrderRecord {
        var order = OrderQueueTests.order(id, key: id)
        order.recipient = OrderRecipientTests.valid
        order.shippingMethod = "Express"
        return order
    }

    @Test("the purger erases the recipient of orders ended longer ago than the retention; newer and unfinished ones keep theirs", arguments: StoreEngine.allCases)
    func erasesOldRecipients(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            let tenDaysAgo = now.addingTimeInterval(-10 * 86_400)
            // Given: an order that ended ten days ago, one that ended just now, one still running
            _ = try await store.createOrder(Self.order("ord_old"), now: tenDaysAgo)
            _ = try await store.cancelOrder(id: "ord_old", now: tenDaysAgo)
            _ = try await store.createOrder(Self.order("ord_new"), now: now)
            _ = try await store.cancelOrder(id: "ord_new", now: now)
            _ = try await store.createOrder(Self.order("ord_running"), now: tenDaysAgo)
            #expect(try await store.order(id: "ord_old")?.recipient == OrderRecipientTests.valid)
            let logs = LogCapture()
            let purger = StorePurger(store: store, interval: .seconds(60), recipientRetention: .seconds(7 * 86_400), logger: logs.logger)
            // When
            await purger.purgeOnce(now: now)
            // Then
            let old = try #require(try await store.order(id: "ord_old"))
            #expect(old.recipient == nil)
            #expect(old.shippingMethod == "Express")
            #expect(old.status == .cancelled)
            #expect(try await store.order(id: "ord_new")?.recipient == OrderRecipientTests.valid)
            #expect(try await store.order(id: "ord_running")?.recipient == OrderRecipientTests.valid)
            #expect(logs.text.contains("erased the recipient of 1 order(s)"))
            #expect(!logs.text.contains("Ada"))
            // And again: nothing is left to erase (the purge is idempotent)
            #expect(try await store.eraseRecipients(endedBefore: now.addingTimeInterval(-7 * 86_400)) == 0)
        }
    }

    @Test("orders.recipientRetentionDays is read, written and checked")
    func configured() throws {
        var settings = OrderSettings()
        #expect(settings.recipientRetentionDays == 90)
        let decoded = try JSONDecoder().decode(OrderSettings.self, from: Data(#"{"recipientRetentionDays": 30}"#.utf8))
        #expect(decoded.recipientRetentionDays == 30)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect(encoded?["recipientRetentionDays"] as? Double == 30)
        var configuration = ServiceHarness.configuration(state: URL(fileURLWithPath: "/tmp/unused"))
        settings.recipientRetentionDays = 0
        configuration.orders = settings
        #expect(configuration.problems().map(\.path).contains("$.orders.recipientRetentionDays"))
    }
}
