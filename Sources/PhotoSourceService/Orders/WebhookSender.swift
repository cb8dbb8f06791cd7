public import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// POSTs signed ``WebhookEvent``s to the shop's webhook URL, retrying per a
/// ``WebhookRetrySchedule`` until a 2xx: at-least-once, with the same event id (in the body and
/// the `Webhook-Id` header) on every attempt and a fresh `Webhook-Signature` timestamp each time.
///
/// The order pipeline's ``WebhookDispatcher`` keeps the events in an outbox and calls
/// ``attempt(_:)`` once per lease, keeping the schedule in the outbox row so it survives a restart;
/// ``send(_:)`` runs the whole schedule in memory, for callers without an outbox.
public struct WebhookSender: Sendable {
    /// The shop's endpoint; its origin is allow-listed.
    public let url: URL
    /// Signs each attempt.
    public let signer: WebhookSigner
    /// When to try again.
    public let schedule: WebhookRetrySchedule

    let client: HTTPClient
    let options: HTTPOptions
    let pause: @Sendable (Duration) async throws -> Void
    let random: @Sendable () -> Double

    /// Creates a sender whose requests time out after `timeout`. Throws `.invalidData` when `url` is not http(s).
    public init(
        url: URL, signer: WebhookSigner, schedule: WebhookRetrySchedule = .standard, client: HTTPClient = .shared, timeout: Duration = .seconds(30)
    ) throws {
        try self.init(
            url: url, signer: signer, schedule: schedule, client: client,
            pause: { try await Task.sleep(for: $0) }, random: { Double.random(in: 0..<1) }, timeout: timeout)
    }

    init(
        url: URL, signer: WebhookSigner, schedule: WebhookRetrySchedule, client: HTTPClient,
        pause: @escaping @Sendable (Duration) async throws -> Void, random: @escaping @Sendable () -> Double, timeout: Duration = .seconds(30)
    ) throws {
        self.url = url
        self.signer = signer
        self.schedule = schedule
        self.client = client
        self.pause = pause
        self.random = random
        options = try OutboundEndpoint.options(for: url, owner: "the shop's webhook", timeout: timeout)
    }

    /// Delivers `event`: returns after a 2xx; throws the last failure when every attempt of the
    /// schedule failed, or `.cancelled` when the task was cancelled while waiting.
    public func send(_ event: WebhookEvent) async throws {
        let body = event.body
        var attempt = 1
        while true {
            do {
                try await self.attempt(event, body: body)
                return
            } catch let error as PhotoSourceError where error.code != .cancelled && attempt < schedule.maxAttempts {
                let wait = schedule.delay(after: attempt, random: random())
                do {
                    try await pause(wait)
                } catch {
                    throw PhotoSourceError(.cancelled, "Sending webhook \(event.id) was cancelled while waiting to retry.")
                }
                attempt += 1
            }
        }
    }

    /// One signed POST of `event`, without retrying: returns on a 2xx, throws otherwise. The
    /// webhook outbox calls this and keeps the schedule itself, so attempts survive a restart.
    public func attempt(_ event: WebhookEvent) async throws {
        try await attempt(event, body: event.body)
    }

    private func attempt(_ event: WebhookEvent, body: Data) async throws {
        _ = try await client.send(request(body: body, eventID: event.id))
    }

    private func request(body: Data, eventID: String) -> HTTPRequest {
        var request = HTTPRequest(url: url, method: "POST", body: body, options: options)
        request.setHeader("Content-Type", "application/json")
        request.setHeader(WebhookSigner.idHeaderName, eventID)
        request.setHeader(WebhookSigner.headerName, signer.signature(for: body))
        return request
    }
}
