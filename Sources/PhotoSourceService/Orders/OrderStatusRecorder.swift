import Foundation

/// The pipeline's ``OrderStatusSink``: applies each verified destination report to the order
/// in the store, once per ``DestinationReport/eventID`` (a repeat changes nothing), moving the
/// delivery (a lab's `downloaded` or later → delivered, `failed` → failed) and, when that was
/// the last one open, the order.
public struct OrderStatusRecorder: OrderStatusSink {
    let store: any OrderStore

    /// A recorder writing to `store`.
    public init(store: any OrderStore) {
        self.store = store
    }

    public func destinationReported(_ report: DestinationReport) async throws {
        _ = try await store.applyReport(report, now: Date())
    }
}
