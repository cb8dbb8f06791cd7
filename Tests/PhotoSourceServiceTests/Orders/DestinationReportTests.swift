import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// `OrderStore.applyReport` in the SQLite store: a lab's report is matched to the lab order it
/// answered ours with, applied once per event id, and only when its stage moves the delivery forward.
@Suite("Orders: destination reports in the SQLite store")
struct DestinationReportTests {
    /// `ord_1` with one materialised line, its delivery to `folder` accepted by the lab as `lab_1`.
    static func acceptedOrder(_ store: SQLiteServiceStore, externalID: String? = "lab_1") async throws {
        _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: Date())
        let materialise = try #require(try await store.claimJob(worker: "a", now: Date(), lease: 10))
        try await store.recordItem(order: "ord_1", index: 0, outcome: .success(OrderQueueTests.asset), now: Date())
        try await store.finishMaterialising(order: "ord_1", job: materialise.id, worker: "a", now: Date())
        let deliver = try #require(try await store.claimJob(worker: "a", now: Date(), lease: 10))
        #expect(try await store.startDelivery(order: "ord_1", destination: "folder", now: Date()))
        guard let externalID else { return }  // the lab's answer is still on its way
        try await store.finishDelivery(
            order: "ord_1", destination: "folder", job: deliver.id, worker: "a", outcome: .accepted(externalID: externalID), now: Date())
    }

    static func report(_ event: String, _ stage: String, lab: String? = "lab_1", order: String = "ord_1") -> DestinationReport {
        DestinationReport(orderID: order, destinationID: "folder", eventID: event, stage: stage, message: "\(stage) at the lab", externalID: lab)
    }

    /// The order's `order.delivery` events: stage, and the stage kept when the report was only recorded.
    static func deliveryEvents(_ store: SQLiteServiceStore) async throws -> [String] {
        try await store.events(order: "ord_1", after: 0, limit: 100).filter { $0.type == "order.delivery" }.compactMap { event in
            let data = try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any] ?? [:]
            guard let stage = data["stage"] as? String else { return nil }
            return (data["applied"] as? Bool == false) ? "\(stage) (kept \(data["currentStage"] as? String ?? "none"))" : stage
        }
    }

    @Test("a report naming another lab order is refused and changes nothing; the right one is applied")
    func otherLabOrderIsRefused() async throws {
        try await OrderQueueTests.withStore { store in
            try await Self.acceptedOrder(store)
            // When
            let outcome = try await store.applyReport(Self.report("evt_9", "failed", lab: "lab_999"), now: Date())
            // Then
            #expect(outcome == .otherExternalOrder(recorded: "lab_1"))
            let order = try #require(try await store.order(id: "ord_1"))
            #expect(order.status == .delivering)
            #expect(order.deliveries.first?.state == .accepted)
            #expect(order.deliveries.first?.stage == nil)
            #expect(order.deliveries.first?.errorCode == nil)
            #expect(try await Self.deliveryEvents(store).isEmpty)
            // The refused event id was not used up: the lab's own report with it applies.
            #expect(try await store.applyReport(Self.report("evt_9", "received"), now: Date()) == .applied)
            #expect(try await store.applyReport(Self.report("evt_10", "printed", lab: nil), now: Date()) == .otherExternalOrder(recorded: "lab_1"))
        }
    }

    @Test("before the lab's order id is recorded, a report cannot be matched and is refused for a retry")
    func labOrderNotYetKnown() async throws {
        try await OrderQueueTests.withStore { store in
            try await Self.acceptedOrder(store, externalID: nil)
            #expect(try await store.applyReport(Self.report("evt_1", "received"), now: Date()) == .externalOrderNotYetKnown)
            #expect(try await store.order(id: "ord_1")?.deliveries.first?.stage == nil)
            #expect(try await Self.deliveryEvents(store).isEmpty)
        }
    }

    @Test("stages move forward only: printed and failed after shipped are recorded, not applied")
    func lateStagesAfterShipped() async throws {
        try await OrderQueueTests.withStore { store in
            try await Self.acceptedOrder(store)
            #expect(try await store.applyReport(Self.report("evt_1", "received"), now: Date()) == .applied)
            #expect(try await store.applyReport(Self.report("evt_4", "shipped"), now: Date()) == .applied)
            // When
            #expect(try await store.applyReport(Self.report("evt_3", "printed"), now: Date()) == .recorded)
            #expect(try await store.applyReport(Self.report("evt_5", "failed"), now: Date()) == .recorded)
            // Then
            let order = try #require(try await store.order(id: "ord_1"))
            #expect(order.status == .delivered)
            #expect(order.deliveries.first?.state == .delivered)
            #expect(order.deliveries.first?.stage == "shipped")
            #expect(order.deliveries.first?.errorCode == nil)
            #expect(order.deliveries.first?.errorMessage == nil)
            #expect(try await Self.deliveryEvents(store) == [
                "received", "shipped", "printed (kept shipped)", "failed (kept shipped)",
            ])
            let statuses = try await store.events(order: "ord_1", after: 0, limit: 100).filter { $0.type == "order.status" }
            #expect(statuses.count == 3)  // accepted, delivering, delivered: nothing after
        }
    }

    @Test("shipped after failed is recorded, not applied: the order stays failed")
    func shippedAfterFailed() async throws {
        try await OrderQueueTests.withStore { store in
            try await Self.acceptedOrder(store)
            #expect(try await store.applyReport(Self.report("evt_2", "failed"), now: Date()) == .applied)
            #expect(try await store.order(id: "ord_1")?.status == .failed)
            // When
            #expect(try await store.applyReport(Self.report("evt_3", "shipped"), now: Date()) == .recorded)
            #expect(try await store.applyReport(Self.report("evt_1", "received"), now: Date()) == .recorded)
            // Then
            let order = try #require(try await store.order(id: "ord_1"))
            #expect(order.status == .failed)
            #expect(order.deliveries.first?.state == .failed)
            #expect(order.deliveries.first?.stage == "failed")
            #expect(order.deliveries.first?.errorMessage == "failed at the lab")
            #expect(try await Self.deliveryEvents(store) == ["failed", "shipped (kept failed)", "received (kept failed)"])
        }
    }

    @Test("a replayed event id is a duplicate, also when only recorded; an order the lab was never sent is unknown")
    func replayAndUnknownOrder() async throws {
        try await OrderQueueTests.withStore { store in
            try await Self.acceptedOrder(store)
            #expect(try await store.applyReport(Self.report("evt_2", "downloaded"), now: Date()) == .applied)
            #expect(try await store.applyReport(Self.report("evt_1", "received"), now: Date()) == .recorded)
            // When / Then
            #expect(try await store.applyReport(Self.report("evt_2", "downloaded"), now: Date()) == .duplicate)
            #expect(try await store.applyReport(Self.report("evt_1", "received"), now: Date()) == .duplicate)
            #expect(try await store.applyReport(Self.report("evt_7", "printed", order: "ord_nope"), now: Date()) == .unknownOrder)
            var otherDestination = Self.report("evt_8", "printed")
            otherDestination.destinationID = "lab-two"
            #expect(try await store.applyReport(otherDestination, now: Date()) == .unknownOrder)
            #expect(try await Self.deliveryEvents(store) == ["downloaded", "received (kept downloaded)"])
        }
    }
}
