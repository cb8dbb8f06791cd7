/// What became of a destination's report (``OrderStatusSink/destinationReported(_:)``): the
/// answer a print lab's callback gets.
public enum DestinationReportOutcome: Sendable, Hashable {
    /// A new stage that moved the delivery forward (200, `applied`).
    case applied
    /// A new event whose stage does not move the delivery forward (an older stage arriving late,
    /// or anything after `shipped` or `failed`): kept in the order's events, nothing else changed (200, `recorded`).
    case recorded
    /// The lab shipped an order it had confirmed cancelled: recorded, the delivery flagged
    /// `shippedAfterCancel` (it stays cancelled) and the shop told, never silent (200, `flagged`).
    case flagged
    /// The destination sent this event id before; nothing changed (200, `duplicate`).
    case duplicate
    /// No order with that id has a delivery to this destination (404).
    case unknownOrder
    /// The report names another external order than the one the destination gave us when it
    /// accepted ours (`recorded`): a callback about some other order; nothing changed (409).
    case otherExternalOrder(recorded: String)
    /// The destination has not yet acknowledged the order (its answer to our request is still on
    /// its way), so the report cannot be matched; nothing changed, and a retry will be (409).
    case externalOrderNotYetKnown
}
