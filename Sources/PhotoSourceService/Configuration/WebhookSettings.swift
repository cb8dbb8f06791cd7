import Foundation
import PhotoSourceKit

/// The shop's webhook: where `order.updated` events go, the secrets they are signed with, and
/// how failed deliveries are retried. With none configured, the service keeps no webhook outbox.
///
/// The config file's `webhook` block; `PHOTOSOURCE_WEBHOOK_URL` overrides its `url`, and the
/// secrets may come from `secretsFile`, `PHOTOSOURCE_WEBHOOK_SECRETS` (comma-separated) or
/// `PHOTOSOURCE_WEBHOOK_SECRETS_FILE` instead (see ``ServiceConfiguration/load(file:environment:)``).
public struct WebhookSettings: Sendable, Hashable, Codable {
    /// The shop's endpoint (http or https); its origin is allow-listed for outbound requests.
    public var url: String
    /// The shared signing secrets, at least 16 bytes each; the first signs (rotate by prepending).
    public var secrets: [String]
    /// A file holding the secrets instead, one per line; read by ``ServiceConfiguration/load(file:environment:)``.
    public var secretsFile: String?
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

    private enum Keys: String, CodingKey, CaseIterable {
        case url, secrets, secretsFile, maxAttempts, retryBaseSeconds, retryMaximumSeconds, leaseSeconds, pollIntervalSeconds, retentionDays
    }

    /// Decodes settings; `url` and `secrets` (which the environment or `secretsFile` may give
    /// instead) are checked by the configuration's validation, the rest keep their defaults.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self(url: "", secrets: [])
        self.init(
            url: try fields.value(.url, or: ""),
            secrets: try fields.list(.secrets) ?? [],
            maxAttempts: try fields.value(.maxAttempts, or: standard.maxAttempts),
            retryBaseSeconds: try fields.value(.retryBaseSeconds, or: standard.retryBaseSeconds),
            retryMaximumSeconds: try fields.value(.retryMaximumSeconds, or: standard.retryMaximumSeconds),
            leaseSeconds: try fields.value(.leaseSeconds, or: standard.leaseSeconds),
            pollIntervalSeconds: try fields.value(.pollIntervalSeconds, or: standard.pollIntervalSeconds),
            retentionDays: try fields.value(.retentionDays, or: standard.retentionDays))
        secretsFile = try fields.optional(.secretsFile)
    }

    /// Encodes every field; `secretsFile` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(url, forKey: .url)
        try container.encode(secrets, forKey: .secrets)
        try container.encodeIfPresent(secretsFile, forKey: .secretsFile)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(retryBaseSeconds, forKey: .retryBaseSeconds)
        try container.encode(retryMaximumSeconds, forKey: .retryMaximumSeconds)
        try container.encode(leaseSeconds, forKey: .leaseSeconds)
        try container.encode(pollIntervalSeconds, forKey: .pollIntervalSeconds)
        try container.encode(retentionDays, forKey: .retentionDays)
    }

    /// The retry schedule these settings describe.
    public var schedule: WebhookRetrySchedule {
        WebhookRetrySchedule(maxAttempts: maxAttempts, baseDelay: .seconds(retryBaseSeconds), maxDelay: .seconds(retryMaximumSeconds))
    }

    /// What is wrong with these settings, each at its path under `$.webhook` (`secrets` at
    /// `secretsOrigin` when they came from elsewhere): a URL that is not http(s) with a host, no
    /// secret or a short one, times out of range.
    func problems(secretsOrigin: SecretOrigin = SecretOrigin(path: "$.webhook.secrets")) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        func check(_ condition: Bool, _ field: String, _ message: @autoclosure () -> String) {
            if !condition { problems.append(ConfigurationProblem(path: "$.webhook." + field, message: message())) }
        }
        let endpoint = URL(string: url)
        check(
            !url.isEmpty && ["http", "https"].contains(endpoint?.scheme?.lowercased() ?? "") && endpoint?.host != nil, "url",
            url.isEmpty ? "is missing; give the shop's endpoint, such as https://shop.example/hooks/photosource (or set PHOTOSOURCE_WEBHOOK_URL)."
                : "\"\(url)\" is not an http or https URL; give the shop's endpoint, such as https://shop.example/hooks/photosource.")
        if secrets.isEmpty {
            problems.append(ConfigurationProblem(
                path: secretsOrigin.path,
                message: "is missing; give at least one shared secret of 16 bytes or more (or secretsFile, or PHOTOSOURCE_WEBHOOK_SECRETS)."))
        }
        for (index, secret) in secrets.enumerated() where secret.utf8.count < 16 {
            problems.append(ConfigurationProblem(path: secretsOrigin.element(index), message: "is shorter than 16 bytes."))
        }
        check(maxAttempts >= 1, "maxAttempts", "must be at least 1; \(maxAttempts) is not.")
        check(retryBaseSeconds > 0, "retryBaseSeconds", "must be more than 0; \(retryBaseSeconds) is not.")
        check(retryMaximumSeconds >= retryBaseSeconds, "retryMaximumSeconds", "must be at least retryBaseSeconds (\(retryBaseSeconds)); \(retryMaximumSeconds) is not.")
        check(leaseSeconds >= 1, "leaseSeconds", "must be at least 1; \(leaseSeconds) is not.")
        check(pollIntervalSeconds > 0, "pollIntervalSeconds", "must be more than 0; \(pollIntervalSeconds) is not.")
        check(
            retentionDays.isFinite && retentionDays > 0 && retentionDays <= 36_500, "retentionDays",
            "must be more than 0 and at most 36500 (days a delivered or given-up event is kept); \(retentionDays) is not.")
        return problems
    }

    /// The sender these settings describe. Throws `.invalidData` listing ``problems(secretsOrigin:)``
    /// when there are any.
    public func sender() throws -> WebhookSender {
        let problems = problems()
        guard problems.isEmpty, let endpoint = URL(string: url) else {
            throw PhotoSourceError(.invalidData, "The webhook settings are not valid: \(ConfigurationProblems(problems))", underlying: ConfigurationProblems(problems))
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
