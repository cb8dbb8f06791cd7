import Foundation

/// A destination that can begin on a line as soon as it is materialised, while the rest of the
/// order is still being fetched (a folder copies the photo into its staging folder,
/// ``FolderStaging``). Only a head start: ``OrderDestination/deliver(_:progress:)`` still decides
/// what arrives, and does all of the work when nothing was prepared (another instance fetched the
/// order, or this one restarted).
protocol PreparingOrderDestination: OrderDestination {
    /// Begins on `asset` of the order `orderID`; a failure costs only the head start.
    func prepare(_ asset: DeliverableAsset, orderID: String) async throws
    /// Drops what was prepared for `orderID`: no delivery will come (the order was cancelled or
    /// failed before it reached this destination).
    func discardPrepared(orderID: String) async
}
