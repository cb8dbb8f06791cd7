import Foundation
import PhotoSourceKit

extension OrderPipeline {
    /// One destination: the materialised assets not yet acknowledged there, each item's result
    /// recorded as it lands; the order ends when its last delivery does.
    func deliver(_ job: OrderJob, worker: String) async throws {
        let destinationID = job.destinationID ?? ""
        guard let order = try await store.order(id: job.orderID),
              try await store.startDelivery(order: order.id, destination: destinationID, now: Date())
        else {
            try await store.finishJob(job.id, worker: worker)  // cancelled, or it ended in an earlier run
            await discardPrepared(orderID: job.orderID, at: [destinationID])
            return
        }
        guard let destination = destinations[destinationID] else {
            try await store.finishDelivery(
                order: order.id, destination: destinationID, job: job.id, worker: worker,
                outcome: .failed(code: "not-found", message: "The destination \(destinationID) is no longer configured or enabled."),
                now: Date())
            return
        }
        guard dependencies.assetOrigin != nil else {
            // Asset URLs name the listening port when there is no publicBaseURL: wait for the server.
            throw PhotoSourceError(.connection, "The service is not listening yet, so there are no asset URLs to send; trying again shortly.")
        }
        let acknowledged = order.deliveries.first { $0.destinationID == destinationID }?.items.filter(\.delivered).map(\.index) ?? []
        let delivery = OrderDelivery(
            orderID: order.id, reference: order.reference, assets: order.items.compactMap { deliverable($0, for: destinationID) },
            acknowledged: Set(acknowledged), idempotencyKey: "\(order.id)/\(destinationID)", recipient: order.recipient,
            shippingMethod: order.shippingMethod)
        let store = store
        // Lines whose print file could not be made fail here alone; the rest still go out.
        let unprintable = printFailures(of: order, for: destinationID)
        if !unprintable.isEmpty {
            try await store.recordDeliveryItems(order: order.id, destination: destinationID, results: unprintable, now: Date())
        }
        if let first = unprintable.first, delivery.assets.isEmpty {
            try await store.finishDelivery(
                order: order.id, destination: destinationID, job: job.id, worker: worker,
                outcome: .failed(code: first.errorCode ?? "invalid-data", message: first.message ?? "No print file could be made."), now: Date())
            return
        }
        let lease = settings.leaseSeconds
        var outcome = try await destination.deliver(delivery) { results in
            guard !results.isEmpty else { return }
            try await store.recordDeliveryItems(order: order.id, destination: destinationID, results: results, now: Date())
            // A cancelled order's job is no longer running: stop before the next item goes out
            // instead of when the worker's lease renewal next looks (a third of the lease later).
            guard try await store.renewLease(job: job.id, worker: worker, until: Date().addingTimeInterval(lease)) else {
                throw CancellationError()
            }
        }
        if !unprintable.isEmpty, outcome == .delivered { outcome = .partiallyDelivered }
        try await store.finishDelivery(order: order.id, destination: destinationID, job: job.id, worker: worker, outcome: outcome, now: Date())
    }

    /// A materialised line as destinations see it.
    func deliverable(_ line: OrderRecord.Item) -> DeliverableAsset? {
        guard line.state == .materialised, let asset = line.asset else { return nil }
        return DeliverableAsset(
            index: line.index, source: line.source, itemID: line.itemID, copies: line.copies, product: line.product,
            fileName: asset.fileName, contentType: asset.contentType,
            file: assets.file(sha256: asset.sha256, contentType: asset.contentType),
            byteCount: asset.byteCount, md5: asset.md5, sha256: asset.sha256, pixelWidth: asset.pixelWidth,
            pixelHeight: asset.pixelHeight, dpi: asset.dpi, verdict: asset.verdict, warnings: asset.warnings,
            assetURL: dependencies.assetURL(sha256: asset.sha256, md5: asset.md5, contentType: asset.contentType, now: dependencies.now()),
            layout: line.layout)
    }
}
