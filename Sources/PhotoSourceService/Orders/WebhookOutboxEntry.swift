public import Foundation

/// One event in the webhook outbox (`order.updated`, `handoff.custom`): the event as the shop receives it, and how
/// its delivery is going.
public struct WebhookOutboxEntry: Sendable, Hashable {
    /// Where an event's delivery stands.
    public enum State: String, Sendable, Hashable {
        /// Waiting for its first attempt or its next one.
        case pending
        /// Leased to an instance that is sending it.
        case sending
        /// The shop answered 2xx.
        case delivered
        /// Every attempt of the schedule failed; ``WebhookOutboxEntry/lastError`` says why.
        case failed
    }

    /// How one attempt ended, as the dispatcher records it.
    public enum Outcome: Sendable, Hashable {
        /// The shop answered 2xx.
        case delivered
        /// It failed; try again at `at`.
        case retry(at: Date, error: String)
        /// It failed and the schedule has run out.
        case gaveUp(error: String)
        /// The instance is shutting down: back to `pending` at once, the attempt not counted.
        case released
    }

    /// The event (its id, `evt_…`, is the same on every attempt).
    public var event: WebhookEvent
    /// The order it is about; `nil` for events about no order (`handoff.custom`).
    public var orderID: String?
    /// Where its delivery stands.
    public var state: State
    /// Attempts started so far (this one included while it is being sent).
    public var attempts: Int
    /// Why the last attempt failed, if it did.
    public var lastError: String?

    /// Creates an entry.
    public init(event: WebhookEvent, orderID: String?, state: State, attempts: Int, lastError: String?) {
        self.event = event
        self.orderID = orderID
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
    }
}

extension WebhookOutboxEntry {
    /// What the event is about, for logs: `order ord_…`, or its type for events about no order.
    var subject: String { orderID.map { "order " + $0 } ?? event.type }
}
