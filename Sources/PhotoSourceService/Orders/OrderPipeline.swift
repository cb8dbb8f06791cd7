import Foundation
public import Logging
import PhotoSourceKit

/// The order pipeline's steps: materialise an order's originals into the asset store, then
/// deliver them to each destination. A ``OrderWorker`` runs them from leased jobs.
///
/// Every step reads what the store says and writes what it did before it returns, and every
/// side effect is idempotent (assets are keyed by hash, lines and deliveries change only from
/// `pending`, destinations see what they already acknowledged), so a job run again after a
/// crash finishes the order once.
public struct OrderPipeline: Sendable {
    let dependencies: ServiceDependencies
    let store: any OrderStore
    let assets: AssetStore
    let destinations: [String: any OrderDestination]
    let logger: Logger

    /// A pipeline over the service's parts: its store must be an ``OrderStore``; `destinations`
    /// are the enabled ones by id (``OrderDestinationKinds/build(_:kinds:context:)``).
    ///
    /// - Throws: `.invalidData` when the store keeps no orders; the asset store's error when its folder cannot be made.
    public init(dependencies: ServiceDependencies, destinations: [String: any OrderDestination], logger: Logger) throws {
        self.dependencies = dependencies
        self.store = try dependencies.orderStore()
        self.assets = try AssetStore(root: AssetStore.root(for: dependencies.configuration))
        self.destinations = destinations
        self.logger = logger
    }

    var settings: OrderSettings { dependencies.configuration.orders }

    /// Runs one step. Throws when it should be tried again later (the worker retries with backoff).
    func run(_ job: OrderJob, worker: String) async throws {
        switch job.kind {
        case .materialise: try await materialise(job, worker: worker)
        case .deliver: try await deliver(job, worker: worker)
        }
    }

    /// Ends a job that failed its last attempt with `error`: the lines still pending fail with
    /// its code (materialise), or the delivery fails (deliver).
    func giveUp(_ job: OrderJob, worker: String, error: any Error) async throws {
        let failure = Self.failure(error)
        switch job.kind {
        case .materialise:
            if let order = try await store.order(id: job.orderID) {
                for item in order.items where item.state == .pending {
                    try await store.recordItem(order: order.id, index: item.index, outcome: .failure(failure), now: Date())
                }
            }
            try await store.finishMaterialising(order: job.orderID, job: job.id, worker: worker, now: Date())
        case .deliver:
            try await store.finishDelivery(
                order: job.orderID, destination: job.destinationID ?? "", job: job.id, worker: worker,
                outcome: .failed(code: failure.code, message: failure.message), now: Date())
        }
    }

    /// Whether trying again later may help: the source or the destination is unreachable, busy,
    /// or failed for a reason of its own; a missing photo, an expired sign-in or a bad file stay so.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? PhotoSourceError else { return !(error is OrderItemFailure) }
        switch error.code {
        case .connection, .rateLimited, .unknown, .storageFull: return true
        default: return false
        }
    }

    /// The stable code and sentence of an error, for a line or a delivery.
    static func failure(_ error: any Error) -> OrderItemFailure {
        switch error {
        case let failure as OrderItemFailure: failure
        case let error as PhotoSourceError: OrderItemFailure(code: error.code.name, message: error.message)
        case let problem as Problem: OrderItemFailure(code: problem.code, message: problem.detail)
        default: OrderItemFailure(code: "unknown", message: "\(error)")
        }
    }
}
