public import Foundation

/// Where the order pipeline keeps orders, their events and its job queue: every step persists
/// here before the next begins, so any instance can pick up after another one died.
///
/// Each method is one transaction. Status changes write their `order.status` event in the same
/// transaction, so the events a client follows never disagree with the order.
public protocol OrderStore: Sendable {
    /// Inserts `order` (status `accepted`, lines and deliveries `pending`), its `materialise` job
    /// and its first event, unless the owner already made an order with the same idempotency key:
    /// then nothing is written and that order is returned (the caller compares ``OrderRecord/requestHash``).
    func createOrder(_ order: OrderRecord, now: Date) async throws -> OrderRecord
    /// The order with `id`, or `nil`.
    func order(id: String) async throws -> OrderRecord?
    /// The order `owner` made with `idempotencyKey`, or `nil`.
    func order(owner: String, idempotencyKey: String) async throws -> OrderRecord?
    /// The latest order made with `idempotencyKey` at or after `createdSince` (by `owner` only,
    /// when given; by anyone for the shop's API key), or `nil`: an idempotency record lives from
    /// its first request, independent of the session that made it.
    func order(idempotencyKey: String, owner: String?, createdSince: Date) async throws -> OrderRecord?
    /// The orders `query` selects, oldest first (by creation, then id), at most `query.limit`.
    func orders(_ query: OrderListQuery) async throws -> [OrderRecord]

    /// Leases the next runnable job to `worker` until `now + lease`: a `ready` job whose time
    /// has come, or a `running` one whose lease ran out (its worker died). `nil` when there is none.
    func claimJob(worker: String, now: Date, lease: TimeInterval) async throws -> OrderJob?
    /// Extends the lease; `false` when the job is no longer this worker's (cancelled, or taken over).
    func renewLease(job: String, worker: String, until: Date) async throws -> Bool
    /// Gives the job back to run again after `runAfter`, recording why.
    func retryJob(_ job: String, worker: String, runAfter: Date, error: String) async throws
    /// Marks the job done.
    func finishJob(_ job: String, worker: String) async throws

    /// Moves the order to `status` when it is in one of `from`; `false` (and no change) otherwise.
    func setStatus(order: String, to status: OrderStatus, from: Set<OrderStatus>, now: Date) async throws -> Bool
    /// Records the outcome of one `pending` line: its asset, or its failure. Lines no longer pending are left alone.
    func recordItem(order: String, index: Int, outcome: Result<MaterialisedAsset, OrderItemFailure>, now: Date) async throws
    /// Adds the photos one page of the pending whole-album line `line` listed (`itemIDs`, in
    /// listing order) as lines of their own after the order's last line, each with the album
    /// line's source, album, copies, product and layout. Each (album line, item id) is added
    /// once, so a page listed again (the job run again after a crash) adds nothing; nothing is
    /// added once the album line is no longer pending (cancelled). Returns how many lines were added.
    func addAlbumLines(order: String, line: Int, itemIDs: [String], now: Date) async throws -> Int
    /// Ends the pending whole-album line `line` as `expanded` (its photos are lines now) with an
    /// `order.item` event counting them; returns that count. With no photo line it changes nothing
    /// and returns 0 (the caller fails the line); lines no longer pending are left alone.
    @discardableResult
    func finishAlbumLine(order: String, line: Int, now: Date) async throws -> Int
    /// Ends materialising: with at least one line materialised, moves the order to `delivering` and
    /// queues one `deliver` job per destination; with none, the order `failed`. Finishes `job`.
    func finishMaterialising(order: String, job: String, worker: String, now: Date) async throws
    /// Marks the delivery `delivering` (unless it already ended or was cancelled); `false` when it should not run.
    func startDelivery(order: String, destination: String, now: Date) async throws -> Bool
    /// Records what became of items at one destination, in one transaction (a repeat overwrites).
    func recordDeliveryItems(order: String, destination: String, results: [ItemDeliveryResult], now: Date) async throws
    /// Records how the delivery ended, finishes `job`, and when every delivery of the order has
    /// ended, moves the order to its final status.
    func finishDelivery(order: String, destination: String, job: String, worker: String, outcome: DeliveryOutcome, now: Date) async throws
    /// Records a destination's report, matched to the order's delivery there and to the external
    /// id the destination gave (``DestinationReportOutcome``): each `eventID` once, and its stage
    /// applied only when it moves the delivery forward (``PrintLabStage/advances(from:)``); an
    /// older stage is kept as an event and changes nothing.
    func applyReport(_ report: DestinationReport, now: Date) async throws -> DestinationReportOutcome
    /// Cancels the order and returns it; `nil` when unknown. What has not reached a destination
    /// (lines, deliveries, jobs) stops; each print lab in `labAnswers` (destination id → what it
    /// answered when asked to cancel) decides for itself: `confirmed` cancels its delivery, a
    /// refusal or no answer leaves it as it was; each answer is kept on the delivery, recorded as
    /// an event and reported to the shop. The order is `cancelled` when nothing reached a
    /// destination that goes on; otherwise its status says what did (``OrderStatus/afterCancelling(deliveries:)``).
    func cancelOrder(id: String, now: Date, labAnswers: [String: DeliveryCancellation]) async throws -> OrderRecord?

    /// Up to `limit` events of `order` after event id `after`, oldest first.
    func events(order: String, after: Int64, limit: Int) async throws -> [OrderEvent]

    /// Turns the shop's webhook outbox on: from then on every status change (and every ended or
    /// reported delivery) also writes an `order.updated` row, in the same transaction. Off by default.
    func setWebhookOutbox(enabled: Bool)
    /// Leases the next due outbox row to `worker` until `now + lease` (a `pending` one whose time
    /// has come, or a `sending` one whose lease ran out), an order's rows one at a time, oldest first.
    func claimWebhook(worker: String, now: Date, lease: TimeInterval) async throws -> WebhookOutboxEntry?
    /// Records how the attempt at event `id` ended; ignored when the row is no longer `worker`'s.
    func finishWebhook(id: String, worker: String, outcome: WebhookOutboxEntry.Outcome, now: Date) async throws
    /// The outbox rows of `order`, oldest first.
    func webhooks(order: String) async throws -> [WebhookOutboxEntry]
    /// Up to `limit` outbox rows, oldest first: those in `state` (all when `nil`), after the row
    /// whose event id is `after` (from the start when `nil` or unknown).
    func webhookEvents(state: WebhookOutboxEntry.State?, after: String?, limit: Int) async throws -> [WebhookOutboxEntry]
    /// Puts the given-up (`failed`) row `id` back to `pending`, due `now`, with a fresh schedule;
    /// returns the row as it now is and whether it was put back (`false`: it had not given up),
    /// or `nil` when there is no such row.
    func redeliverWebhook(id: String, now: Date) async throws -> (entry: WebhookOutboxEntry, requeued: Bool)?
    /// Deletes the outbox rows that finished (delivered, or given up) before `date`; returns how
    /// many went. Rows still pending or being sent stay, whatever their age.
    func purgeWebhooks(finishedBefore date: Date) async throws -> Int
    /// Erases the recipient (personal data) of every order that ended (a final status) before
    /// `date`; returns how many orders lost theirs. The orders themselves stay.
    func eraseRecipients(endedBefore date: Date) async throws -> Int
}

extension OrderStore {
    /// Cancels what has not reached a destination yet, asking no lab (``cancelOrder(id:now:labAnswers:)``).
    public func cancelOrder(id: String, now: Date) async throws -> OrderRecord? {
        try await cancelOrder(id: id, now: now, labAnswers: [:])
    }
}

/// Why one line of an order could not be materialised.
public struct OrderItemFailure: Error, Sendable, Hashable {
    /// A stable ``PhotoSourceKit/PhotoSourceError`` code name (`not-found`, `not-logged-in`…).
    public var code: String
    /// A sentence for the shop.
    public var message: String

    /// Creates a failure.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
