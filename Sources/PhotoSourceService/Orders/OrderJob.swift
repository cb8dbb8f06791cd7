/// A leased unit of work of the order pipeline: materialise an order, or deliver it to one destination.
public struct OrderJob: Sendable, Hashable {
    /// What the job does.
    public enum Kind: String, Sendable, Hashable {
        /// Copy the order's originals into the asset store.
        case materialise
        /// Deliver the order to ``OrderJob/destinationID``.
        case deliver
    }

    /// The job's id (stable: `ORDER/materialise`, `ORDER/deliver/DESTINATION`).
    public var id: String
    /// The order.
    public var orderID: String
    /// What it does.
    public var kind: Kind
    /// The destination of a `deliver` job.
    public var destinationID: String?
    /// How many times it has been claimed, this claim included.
    public var attempts: Int

    /// Creates a job description.
    public init(id: String, orderID: String, kind: Kind, destinationID: String?, attempts: Int) {
        self.id = id
        self.orderID = orderID
        self.kind = kind
        self.destinationID = destinationID
        self.attempts = attempts
    }
}
