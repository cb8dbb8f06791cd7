import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// `OrderStore.cancelOrder(id:now:labAnswers:)` in the SQLite store: a lab that confirmed is
/// cancelled, one that refused goes on, and a lab shipping what it confirmed cancelled is flagged.
@Suite("Orders: cancellation answered by the lab, in the store")
struct LabCancellationStoreTests {
    @Test("a confirmed cancel cancels the lab's delivery and the order; the answer is kept and recorded")
    func confirmed() async throws {
        try await OrderQueueTests.withStore { store in
            try await DestinationReportTests.acceptedOrder(store)
            // When
            let order = try #require(try await store.cancelOrder(
                id: "ord_1", now: Date(), labAnswers: ["folder": DeliveryCancellation(outcome: .confirmed, reason: "Order lab_1 is cancelled.")]))
            // Then
            #expect(order.status == .cancelled)
            let delivery = try #require(order.deliveries.first)
            #expect(delivery.state == .cancelled)
            #expect(delivery.stage == "cancelled")
            #expect(delivery.cancellation == DeliveryCancellation(outcome: .confirmed, reason: "Order lab_1 is cancelled."))
            let events = try await store.events(order: "ord_1", after: 0, limit: 100).filter { $0.type == "order.delivery" }
            #expect(events.last?.data.contains(#""cancellation":"confirmed""#) == true)
        }
    }

    @Test("a refused cancel leaves the delivery going with the lab's reason; its later stages still apply")
    func refused() async throws {
        try await OrderQueueTests.withStore { store in
            try await DestinationReportTests.acceptedOrder(store)
            // When
            let order = try #require(try await store.cancelOrder(
                id: "ord_1", now: Date(), labAnswers: ["folder": DeliveryCancellation(outcome: .refused, reason: "already printing")]))
            // Then
            #expect(order.status == .delivering)
            #expect(order.deliveries.first?.state == .accepted)
            #expect(order.deliveries.first?.cancellation == DeliveryCancellation(outcome: .refused, reason: "already printing"))
            #expect(try await store.applyReport(DestinationReportTests.report("evt_2", "downloaded"), now: Date()) == .applied)
            let after = try #require(try await store.order(id: "ord_1"))
            #expect(after.status == .delivered)
            #expect(after.deliveries.first?.state == .delivered)
        }
    }

    @Test("shipped after a confirmed cancel is recorded and flagged, the delivery stays cancelled; before any cancel it ships as usual")
    func shippedAfterCancel() async throws {
        try await OrderQueueTests.withStore { store in
            try await DestinationReportTests.acceptedOrder(store)
            _ = try await store.cancelOrder(id: "ord_1", now: Date(), labAnswers: ["folder": DeliveryCancellation(outcome: .confirmed)])
            var shipped = DestinationReportTests.report("evt_4", "shipped")
            shipped.tracking = DeliveryTracking(carrier: "DHL", number: "JD1")
            // When
            #expect(try await store.applyReport(shipped, now: Date()) == .flagged)
            // Then
            let order = try #require(try await store.order(id: "ord_1"))
            #expect(order.status == .cancelled)
            let delivery = try #require(order.deliveries.first)
            #expect(delivery.state == .cancelled)
            #expect(delivery.stage == "shipped")
            #expect(delivery.alert == "shippedAfterCancel")
            #expect(delivery.tracking?.number == "JD1")
            let last = try #require(try await store.events(order: "ord_1", after: 0, limit: 100).last)
            #expect(last.data.contains(#""alert":"shippedAfterCancel""#))
            #expect(try await store.applyReport(shipped, now: Date()) == .duplicate)
        }
    }

    @Test("an unreachable lab changes nothing but the answer kept; the order is not cancelled while the lab may go on")
    func unreachable() async throws {
        try await OrderQueueTests.withStore { store in
            try await DestinationReportTests.acceptedOrder(store)
            let order = try #require(try await store.cancelOrder(
                id: "ord_1", now: Date(), labAnswers: ["folder": DeliveryCancellation(outcome: .unreachable, reason: "HTTP 503")]))
            #expect(order.status == .delivering)
            #expect(order.deliveries.first?.state == .accepted)
            #expect(order.deliveries.first?.cancellation?.outcome == .unreachable)
        }
    }
}
