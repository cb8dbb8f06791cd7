import Foundation
public import Logging
import PhotoSourceKit
public import ServiceLifecycle

/// Sends the webhook outbox to the shop: a ServiceLifecycle service that leases due rows like
/// the order worker leases jobs, makes one signed attempt per lease with ``WebhookSender``, and
/// records the outcome: delivered on a 2xx; otherwise the next attempt is scheduled on the
/// ``WebhookRetrySchedule`` (exponential backoff, full jitter) until it runs out, when the row
/// is marked `failed` and a warning logged.
///
/// At least once: a row is marked delivered only after the shop's 2xx, so an instance killed in
/// between leaves it `sending` until its lease runs out, and then it is sent again with the same
/// event id. On graceful shutdown the rows in flight go back to `pending` at once.
public struct WebhookDispatcher: Service {
    let store: any OrderStore
    let sender: WebhookSender
    let settings: WebhookSettings
    let logger: Logger
    let random: @Sendable () -> Double
    /// This dispatcher's lease-owner name: unique per process.
    let name = "webhooks-" + UUID().uuidString.prefix(8).lowercased()

    /// A dispatcher sending `store`'s outbox per `settings`; turns the store's outbox on.
    /// Throws `.invalidData` for settings that cannot work (see ``WebhookSettings/sender()``).
    public init(store: any OrderStore, settings: WebhookSettings, logger: Logger) throws {
        try self.init(store: store, sender: settings.sender(), settings: settings, logger: logger, random: { Double.random(in: 0..<1) })
    }

    init(store: any OrderStore, sender: WebhookSender, settings: WebhookSettings, logger: Logger, random: @escaping @Sendable () -> Double) {
        self.store = store
        self.sender = sender
        self.settings = settings
        self.logger = logger
        self.random = random
        store.setWebhookOutbox(enabled: true)
    }

    /// Sends due events until the graceful shutdown; two at a time (never two of one order).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for _ in 0..<2 { group.addTask { await loop() } }
            }
        }
    }

    private func loop() async {
        while !Task.isCancelled {
            do {
                guard let entry = try await store.claimWebhook(worker: name, now: Date(), lease: settings.leaseSeconds) else {
                    try await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
                    continue
                }
                try await store.finishWebhook(id: entry.event.id, worker: name, outcome: await attempt(entry), now: Date())
            } catch is CancellationError {
                return
            } catch {
                logger.error("webhooks: \(error)")
                try? await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
            }
        }
    }

    /// One attempt at `entry`, and what to record.
    func attempt(_ entry: WebhookOutboxEntry) async -> WebhookOutboxEntry.Outcome {
        do {
            try await sender.attempt(entry.event)
            logger.debug("webhooks: \(entry.event.id) (\(entry.subject)) delivered on attempt \(entry.attempts)")
            return .delivered
        } catch {
            if Task.isCancelled || (error as? PhotoSourceError)?.code == .cancelled { return .released }
            let reason = "\(error)"
            guard entry.attempts < sender.schedule.maxAttempts else {
                logger.warning("webhooks: gave up on \(entry.event.id) (\(entry.subject)) after \(entry.attempts) attempts: \(reason)")
                return .gaveUp(error: reason)
            }
            let wait = sender.schedule.delay(after: entry.attempts, random: random())
            let seconds = wait.inSeconds
            logger.info("webhooks: \(entry.event.id) attempt \(entry.attempts) failed (\(reason)); again in \(String(format: "%.1f", seconds)) s")
            return .retry(at: Date().addingTimeInterval(seconds), error: reason)
        }
    }
}
