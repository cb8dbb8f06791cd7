import Foundation
import PhotoSourceKit

extension HTTPUploadDestination {
    /// Runs `each` (one POST, then its durable report) for every asset of `pending` in the
    /// configured ``QueueMode``, and returns every result.
    ///
    /// Each upload reports its own answer before its slot takes the next asset, so an
    /// acknowledgement never waits behind another item's bookkeeping, and what is unrecorded at
    /// any moment is at most what is in flight. A failure that a later attempt may fix (5xx,
    /// connection) starts nothing new but lets the uploads already in flight finish and report
    /// (the endpoint has them: cancelling them would only send them again next time), then ends
    /// the attempt with that error. Cancellation (a shutdown, a lost lease) stops everything at once.
    func send(
        _ pending: [DeliverableAsset], each: @escaping @Sendable (DeliverableAsset) async throws -> ItemDeliveryResult
    ) async throws -> [ItemDeliveryResult] {
        switch configuration.mode {
        case .sequential(let spacing):
            var results: [ItemDeliveryResult] = []
            for (position, asset) in pending.enumerated() {
                if position > 0 { try await pause(spacing) }
                results.append(try await each(asset))
            }
            return results
        case .concurrent(let maximum):
            return try await withThrowingTaskGroup(of: ItemDeliveryResult.self) { group in
                var results: [ItemDeliveryResult] = []
                var next = pending.makeIterator()
                var failure: (any Error)?
                for _ in 0..<maximum {
                    guard let asset = next.next() else { break }
                    group.addTask { try await each(asset) }
                }
                while !group.isEmpty {
                    do {
                        guard let result = try await group.next() else { break }
                        results.append(result)
                        if failure == nil, let asset = next.next() { group.addTask { try await each(asset) } }
                    } catch {
                        if Task.isCancelled || Self.isCancellation(error) { throw error }  // the group cancels the rest
                        failure = failure ?? error
                    }
                }
                if let failure { throw failure }
                return results
            }
        }
    }

    /// Whether `error` means the work was called off rather than failed.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? PhotoSourceError)?.code == .cancelled
    }
}
