import Foundation
public import Logging
import PhotoSourceKit
public import ServiceLifecycle

/// Deletes what has expired from the store on a schedule: customer sessions past their expiry
/// (with their sealed sign-ins and idempotency records), OAuth `state` values never called back,
/// and device sign-ins that ran out (``ServiceStore/purgeExpired(now:)``); and, in a store that
/// keeps orders, the shop's webhook events that finished (delivered or given up) longer than
/// `webhookRetention` ago (``OrderStore/purgeWebhooks(finishedBefore:)``), and the recipients
/// (personal data) of orders that ended longer than `recipientRetention` ago
/// (``OrderStore/eraseRecipients(endedBefore:)``); and, given an ``UploadStore``, the uploads of
/// sessions that are gone (once no order of theirs is still fetching) and unfinished uploads past
/// their expiry; given ``ReceivedPhotos``, the received photos of gone sessions without a
/// customer id; and hand-offs a day after they expired.
///
/// Expired rows are already refused when read, so this is about the store not growing without
/// bound; orders and their events never expire (only their recipients are erased). Several instances on one
/// store may each run a purger: the deletes are idempotent. A failed purge is logged and tried
/// again next interval.
public struct StorePurger: Service, CustomStringConvertible {
    let store: any ServiceStore
    let interval: Duration
    let webhookRetention: Duration
    let recipientRetention: Duration
    let logger: Logger
    /// Customer uploads: a session's go with it, unfinished ones at their expiry.
    var uploads: UploadStore?
    /// Photos handlers sent back: those of a session without a customer id go with it.
    var received: ReceivedPhotos?

    /// A purger of `store` that runs once at start and then every `interval`, keeping finished
    /// webhook events for `webhookRetention` (default ``WebhookSettings/defaultRetentionDays``).
    public init(
        store: any ServiceStore, interval: Duration,
        webhookRetention: Duration = .seconds(WebhookSettings.defaultRetentionDays * 86_400),
        recipientRetention: Duration = .seconds(OrderSettings().recipientRetentionDays * 86_400), logger: Logger
    ) {
        self.store = store
        self.interval = interval
        self.webhookRetention = webhookRetention
        self.recipientRetention = recipientRetention
        self.logger = logger
    }

    /// Whether an order `session` placed may still fetch its uploads (accepted or materialising):
    /// a session revoked right after the checkout keeps its photos until its orders have them.
    static func isFetchingFor(_ session: String, in store: any ServiceStore) async throws -> Bool {
        guard let orders = store as? any OrderStore else { return false }
        for status in [OrderStatus.accepted, .materialising] where !(try await orders.orders(OrderListQuery(owner: session, status: status, limit: 1))).isEmpty {
            return true
        }
        return false
    }

    /// Its name in ServiceLifecycle's logs: not every field and folder it holds.
    public var description: String { "StorePurger(every \(interval))" }

    /// Purges until the graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await purgeOnce()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One purge; returns how many sessions went (0 when it failed, which is logged).
    @discardableResult
    func purgeOnce(now: Date = Date()) async -> Int {
        do {
            let sessions = try await store.purgeExpired(now: now)
            if sessions > 0 { logger.info("store: purged \(sessions) expired session(s)") }
            if let uploads {
                let store = store
                let gone = try await uploads.purge(now: now) { session in
                    if try await store.session(id: session, now: now) != nil { return true }
                    return try await Self.isFetchingFor(session, in: store)
                }
                if gone > 0 { logger.info("store: purged \(gone) upload(s) of ended sessions or past their expiry") }
            }
            if let received {
                let store = store
                let gone = try await received.purge { try await store.session(id: $0, now: now) != nil }
                if gone > 0 { logger.info("store: purged \(gone) received photo(s) of ended sessions without a customer id") }
            }
            if let handoffs = store as? any HandoffStore {
                // A spent or expired token answers 410 for a day, then 404 like any unknown one.
                let gone = try await handoffs.purgeHandoffs(expiredBefore: now.addingTimeInterval(-Self.handoffRetention))
                if gone > 0 { logger.info("store: purged \(gone) hand-off(s) expired more than a day ago") }
            }
            if let orders = store as? any OrderStore {
                let retention = webhookRetention.inSeconds
                let webhooks = try await orders.purgeWebhooks(finishedBefore: now.addingTimeInterval(-retention))
                if webhooks > 0 { logger.info("store: purged \(webhooks) webhook event(s) finished more than \(Self.describe(retention)) ago") }
                let erased = try await orders.eraseRecipients(endedBefore: now.addingTimeInterval(-recipientRetention.inSeconds))
                if erased > 0 { logger.info("store: erased the recipient of \(erased) order(s) that ended more than \(Self.describe(recipientRetention.inSeconds)) ago") }
            }
            return sessions
        } catch {
            if !Task.isCancelled { logger.warning("store: purging expired rows failed (\(error)); trying again in \(interval)") }
            return 0
        }
    }

    /// How long a hand-off's row stays after it expired (a day), so its URLs answer 410 rather than 404.
    static let handoffRetention: TimeInterval = 86_400

    /// `seconds` as "30 days", "1.5 days" or "90 seconds".
    static func describe(_ seconds: Double) -> String {
        seconds >= 86_400 ? "\((seconds / 86_400).formatted(.number.precision(.fractionLength(0...2)))) days" : "\(Int(seconds.rounded())) seconds"
    }
}
