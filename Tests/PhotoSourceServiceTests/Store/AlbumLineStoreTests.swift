import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Whole-album order lines in the store, on SQLite and on PostgreSQL")
struct AlbumLineStoreTests {
    /// An order whose line 0 is the whole album `Album` (fit, 2 copies, 5x7) and line 1 one photo.
    static func order(_ id: String) -> OrderRecord {
        let now = Date()
        return OrderRecord(
            id: id, owner: "ses_a", session: "ses_a", idempotencyKey: id, requestHash: "h", reference: "R", product: "4x6",
            createdAt: now, updatedAt: now,
            items: [
                OrderRecord.Item(
                    index: 0, source: "library", itemID: "", scope: "Album", copies: 2, product: "5x7",
                    layout: OrderLineLayout(sizing: .fit)),
                OrderRecord.Item(index: 1, source: "library", itemID: "portrait.jpg", copies: 1, product: "4x6"),
            ],
            deliveries: [OrderRecord.Delivery(destinationID: "folder", kind: "folder")])
    }

    @Test("an album's pages become lines after the order's own, each photo once even when a page is recorded again by a restarted instance", arguments: StoreEngine.allCases)
    func pagesRecordedAgainAddNothing(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            _ = try await store.createOrder(Self.order("ord_a"), now: Date())
            // When: the first page is recorded, the instance dies, another lists the album from the start
            #expect(try await store.addAlbumLines(order: "ord_a", line: 0, itemIDs: ["Album/a.jpg", "Album/b.jpg"], now: Date()) == 2)
            let restarted = try await open()
            #expect(try await restarted.addAlbumLines(order: "ord_a", line: 0, itemIDs: ["Album/a.jpg", "Album/b.jpg"], now: Date()) == 0)
            #expect(try await restarted.addAlbumLines(order: "ord_a", line: 0, itemIDs: ["Album/c.jpg", "Album/a.jpg"], now: Date()) == 1)
            #expect(try await restarted.finishAlbumLine(order: "ord_a", line: 0, now: Date()) == 3)
            // Then: lines 2…4 are the album's photos, in listing order, with the album line's copies, product and layout
            let order = try #require(try await store.order(id: "ord_a"))
            #expect(order.items.map(\.index) == [0, 1, 2, 3, 4])
            #expect(order.items.map(\.itemID) == ["", "portrait.jpg", "Album/a.jpg", "Album/b.jpg", "Album/c.jpg"])
            #expect(order.items.map(\.state) == [.expanded, .pending, .pending, .pending, .pending])
            #expect(order.items.map(\.expandedFrom) == [nil, nil, 0, 0, 0])
            #expect(order.items.map(\.scope) == ["Album", nil, "Album", "Album", "Album"])
            #expect(order.items.map(\.isWholeAlbum) == [true, false, false, false, false])
            #expect(order.items.suffix(3).allSatisfy { $0.copies == 2 && $0.product == "5x7" && $0.layout.sizing == .fit && $0.source == "library" })
            let events = try await store.events(order: "ord_a", after: 0, limit: 10)
            #expect(events.last?.type == "order.item")
            #expect(events.last?.data.contains(#""photos":3"#) == true)
            try await restarted.close()
        }
    }

    @Test("an album line that is no longer pending takes no photos; one with no photos stays pending for the pipeline to fail", arguments: StoreEngine.allCases)
    func onlyPendingAlbumLinesExpand(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            _ = try await store.createOrder(Self.order("ord_b"), now: Date())
            // When: nothing was listed
            #expect(try await store.finishAlbumLine(order: "ord_b", line: 0, now: Date()) == 0)
            #expect(try await store.order(id: "ord_b")?.items.first?.state == .pending)
            // When: the order is cancelled, then a page arrives
            _ = try await store.cancelOrder(id: "ord_b", now: Date())
            #expect(try await store.addAlbumLines(order: "ord_b", line: 0, itemIDs: ["Album/a.jpg"], now: Date()) == 0)
            // Then
            let order = try #require(try await store.order(id: "ord_b"))
            #expect(order.items.count == 2)
            #expect(order.items.first?.state == .cancelled)
            // A photo line is not an album line: nothing is added under it.
            #expect(try await store.addAlbumLines(order: "ord_b", line: 1, itemIDs: ["Album/a.jpg"], now: Date()) == 0)
        }
    }
}
