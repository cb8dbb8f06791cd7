import Foundation

/// The pipeline's ``OrderStatusSink``: applies each verified destination report to the order
/// in the store (``OrderStore/applyReport(_:now:)``): matched to the order and to the
/// destination's own id for it, once per ``DestinationReport/eventID``, and only when its stage
/// moves the delivery forward (``PrintLabStage``: a lab's `downloaded` or later → delivered,
/// `failed` → failed), ending the order when that was its last open delivery.
public struct OrderStatusRecorder: OrderStatusSink {
    let store: any OrderStore

    /// A recorder writing to `store`.
    public init(store: any OrderStore) {
        self.store = store
    }

    public func destinationReported(_ report: DestinationReport) async throws -> DestinationReportOutcome {
        try await store.applyReport(report, now: Date())
    }
}
