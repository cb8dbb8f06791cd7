import Foundation
import PhotoSourceKit

/// The shop's webhook: where `order.updated` events go, the secrets they are signed with, and
/// how failed deliveries are retried. With none configured, the service keeps no webhook outbox.
///
/// The config file's `webhook` block; `PHOTOSOURCE_WEBHOOK_URL` and `PHOTOSOURCE_WEBHOOK_SECRETS`
/// (comma-separated) override its `url` and `secrets`.
public struct WebhookSettings: Sendable, Hashable, Codable {
    /// The shop's endpoint (http or https); its origin is allow-listed for outbound requests.
    public var url: String
    /// The shared signing secrets, at least 16 bytes each; the first signs (rotate by prepending).
    public var secrets: [String]
    /// Attempts per event, the first included; after the last the event is recorded as given up.
    public var maxAttempts: Int
    /// The cap of the first retry's wait, in seconds; each later cap doubles (full jitter below it).
    public var retryBaseSeconds: Double
    /// No wait between attempts is longer than this, in seconds.
    public var retryMaximumSeconds: Double
    /// How long one instance holds an event it is sending; a killed instance's events are sent
    /// again by another (or the restarted) instance once this runs out. A request's timeout is at most half of it.
    public var leaseSeconds: Double
    /// How often an idle dispatcher looks for due events, in seconds.
    public var pollIntervalSeconds: Double
    /// How long an event is kept once it was delivered or given up, in days (default 30): long
    /// enough to answer "did the shop get it?", short enough that the outbox does not grow
    /// without bound. The order's own events (`GET /v1/orders/{id}/events`) are kept regardless.
    public var retentionDays: Double

    /// The default of ``retentionDays``.
    public static let defaultRetentionDays: Double = 30

    /// Creates settings; the defaults give 12 attempts over up to about eight hours.
    public init(
        url: String, secrets: [String], maxAttempts: Int = 12, retryBaseSeconds: Double = 1, retryMaximumSeconds: Double = 3600,
        leaseSeconds: Double = 60, pollIntervalSeconds: Double = 0.5, retentionDays: Double = Self.defaultRetentionDays
    ) {
        self.url = url
        self.secrets = secrets
        self.maxAttempts = maxAttempts
        self.retryBaseSeconds = retryBaseSeconds
        self.retryMaximumSeconds = retryMaximumSeconds
        self.leaseSeconds = leaseSeconds
        self.pollIntervalSeconds = pollIntervalSeconds
        self.retentionDays = retentionDays
    }

    private enum Keys: String, CodingKey {
        case url, secrets, maxAttempts, retryBaseSeconds, retryMaximumSeconds, leaseSeconds, pollIntervalSeconds, retentionDays
    }

    /// Decodes settings; `url` and `secrets` are required, the rest keep their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let standard = Self(url: "", secrets: [])
        self.init(
            url: try container.decode(String.self, forKey: .url),
            secrets: try container.decode([String].self, forKey: .secrets),
            maxAttempts: try container.decodeIfPresent(Int.self, forKey: .maxAttempts) ?? standard.maxAttempts,
            retryBaseSeconds: try container.decodeIfPresent(Double.self, forKey: .retryBaseSeconds) ?? standard.retryBaseSeconds,
            retryMaximumSeconds: try container.decodeIfPresent(Double.self, forKey: .retryMaximumSeconds) ?? standard.retryMaximumSeconds,
            leaseSeconds: try container.decodeIfPresent(Double.self, forKey: .leaseSeconds) ?? standard.leaseSeconds,
            pollIntervalSeconds: try container.decodeIfPresent(Double.self, forKey: .pollIntervalSeconds) ?? standard.pollIntervalSeconds,
            retentionDays: try container.decodeIfPresent(Double.self, forKey: .retentionDays) ?? standard.retentionDays)
    }

    /// The retry schedule these settings describe.
    public var schedule: WebhookRetrySchedule {
        WebhookRetrySchedule(maxAttempts: maxAttempts, baseDelay: .seconds(retryBaseSeconds), maxDelay: .seconds(retryMaximumSeconds))
    }

    /// The sender these settings describe. Throws `.invalidData` with a sentence naming the field
    /// for a URL that is not http(s) with a host, no secret or a short one, or times out of range.
    public func sender() throws -> WebhookSender {
        guard let endpoint = URL(string: url), !url.isEmpty else {
            throw PhotoSourceError(.invalidData, "webhook.url \"\(url)\" is not a URL; give the shop's endpoint, such as https://shop.example/hooks/photosource.")
        }
        guard maxAttempts >= 1, retryBaseSeconds > 0, retryMaximumSeconds >= retryBaseSeconds, leaseSeconds >= 1, pollIntervalSeconds > 0 else {
            throw PhotoSourceError(
                .invalidData,
                "webhook: maxAttempts must be at least 1, leaseSeconds at least 1, the other times positive (retryMaximumSeconds ≥ retryBaseSeconds).")
        }
        guard retentionDays.isFinite, retentionDays > 0, retentionDays <= 36_500 else {
            throw PhotoSourceError(
                .invalidData,
                "webhook.retentionDays must be more than 0 and at most 36500 (days a delivered or given-up event is kept); \(retentionDays) is not.")
        }
        let signer: WebhookSigner
        do {
            signer = try WebhookSigner(secrets: secrets)
        } catch let error as PhotoSourceError {
            throw PhotoSourceError(.invalidData, "webhook.secrets: \(error.message)")
        }
        return try WebhookSender(url: endpoint, signer: signer, schedule: schedule, timeout: .seconds(min(30, leaseSeconds / 2)))
    }
}

extension ServiceConfiguration {
    /// Applies `PHOTOSOURCE_WEBHOOK_URL` and `PHOTOSOURCE_WEBHOOK_SECRETS` (comma-separated) over the `webhook` block.
    mutating func applyWebhookOverrides(_ environment: [String: String]) {
        let url = environment["PHOTOSOURCE_WEBHOOK_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let secrets = environment["PHOTOSOURCE_WEBHOOK_SECRETS"]
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
            .flatMap { $0.isEmpty ? nil : $0 }
        guard url != nil || secrets != nil else { return }
        var settings = webhook ?? WebhookSettings(url: "", secrets: [])
        if let url { settings.url = url }
        if let secrets { settings.secrets = secrets }
        webhook = settings
    }
}
