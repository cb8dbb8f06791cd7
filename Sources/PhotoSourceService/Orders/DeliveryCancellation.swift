/// What a destination that already had the order answered when the order was cancelled
/// (`DELETE /v1/orders/{id}`): a print lab confirms (the delivery is `cancelled`), refuses
/// because it is already printing or shipped (the delivery stays as it was, with the lab's
/// reason), or could not be asked (the delivery stays as it was; cancelling again asks again).
public struct DeliveryCancellation: Sendable, Hashable, Codable {
    /// The lab's answer.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The lab cancelled the order: nothing will be printed or shipped.
        case confirmed
        /// The lab refused (already printing, already shipped): it goes on.
        case refused
        /// The lab could not be reached or answered with a server error: nothing is known.
        case unreachable
    }

    /// The lab's answer.
    public var outcome: Outcome
    /// The lab's reason, or ours when it could not be asked.
    public var reason: String?

    /// Creates an answer.
    public init(outcome: Outcome, reason: String? = nil) {
        self.outcome = outcome
        self.reason = reason
    }
}
