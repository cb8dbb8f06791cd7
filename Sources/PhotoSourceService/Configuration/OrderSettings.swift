/// How the order pipeline runs: its job queue's lease and retry schedule, and how many jobs one
/// instance works on at once. The defaults suit production; tests shrink the times.
public struct OrderSettings: Sendable, Hashable, Codable {
    /// How long a claimed job stays this instance's without a renewal, in seconds; after a crash
    /// another instance (or the restarted one) takes it over once it has run out.
    public var leaseSeconds: Double
    /// How often an idle worker looks for jobs, and how often an event stream looks for events, in seconds.
    public var pollIntervalSeconds: Double
    /// The first retry's delay, in seconds; each further one doubles it (with jitter), up to ``retryMaximumSeconds``.
    public var retryBaseSeconds: Double
    /// The longest delay between two attempts, in seconds.
    public var retryMaximumSeconds: Double
    /// How many times a job is tried before what it was doing fails with the last reason.
    public var maximumAttempts: Int
    /// How many jobs one instance runs at once.
    public var workers: Int
    /// The asset store's folder; `assets` in the state folder when `nil`.
    public var assetDirectory: String?
    /// How long one `GET /v1/orders/{id}/events` stays open at most, in seconds (clients resume with `Last-Event-ID`).
    public var eventStreamSeconds: Double
    /// How many lines of one order are fetched into the asset store at once (a source's
    /// round trips overlap; each line is still streamed, never held whole).
    public var fetchConcurrency: Int
    /// How long a signed asset URL sent to a print lab (`/v1/assets/…`) works, in seconds,
    /// counted from each delivery attempt: labs fetch on their own schedule, days later.
    public var assetURLLifetimeSeconds: Int
    /// How many days an ended order keeps its recipient (name, e-mail, phone, address: personal
    /// data); then the purge erases it. The order itself, its lines and events stay.
    public var recipientRetentionDays: Double
    /// How long an order's `Idempotency-Key` answers with that order, in seconds from its first
    /// request, whoever asks again (the customer's session, or the shop's API key after the session ended).
    public var idempotencySeconds: Double
    /// The most photo lines one order may hold once its whole-album lines are listed: an album
    /// that takes the order past it fails, with the photos listed from it (an order of a
    /// 200,000-photo cloud library is refused, not printed). Explicit lines are capped at 500 apart.
    public var maximumPhotos: Int

    /// Creates settings.
    public init(
        leaseSeconds: Double = 30, pollIntervalSeconds: Double = 0.5, retryBaseSeconds: Double = 2, retryMaximumSeconds: Double = 600,
        maximumAttempts: Int = 8, workers: Int = 2, assetDirectory: String? = nil, eventStreamSeconds: Double = 55,
        fetchConcurrency: Int = 4, assetURLLifetimeSeconds: Int = 14 * 24 * 3600, recipientRetentionDays: Double = 90,
        idempotencySeconds: Double = 86_400, maximumPhotos: Int = 10_000
    ) {
        self.leaseSeconds = leaseSeconds
        self.pollIntervalSeconds = pollIntervalSeconds
        self.retryBaseSeconds = retryBaseSeconds
        self.retryMaximumSeconds = retryMaximumSeconds
        self.maximumAttempts = maximumAttempts
        self.workers = workers
        self.assetDirectory = assetDirectory
        self.eventStreamSeconds = eventStreamSeconds
        self.fetchConcurrency = max(1, fetchConcurrency)
        self.assetURLLifetimeSeconds = assetURLLifetimeSeconds
        self.recipientRetentionDays = recipientRetentionDays
        self.idempotencySeconds = idempotencySeconds
        self.maximumPhotos = max(1, maximumPhotos)
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case leaseSeconds, pollIntervalSeconds, retryBaseSeconds, retryMaximumSeconds, maximumAttempts, workers, assetDirectory
        case eventStreamSeconds, fetchConcurrency, assetURLLifetimeSeconds, recipientRetentionDays, idempotencySeconds
        case maximumPhotos
    }

    /// Decodes settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self()
        self.init(
            leaseSeconds: try fields.value(.leaseSeconds, or: standard.leaseSeconds),
            pollIntervalSeconds: try fields.value(.pollIntervalSeconds, or: standard.pollIntervalSeconds),
            retryBaseSeconds: try fields.value(.retryBaseSeconds, or: standard.retryBaseSeconds),
            retryMaximumSeconds: try fields.value(.retryMaximumSeconds, or: standard.retryMaximumSeconds),
            maximumAttempts: try fields.value(.maximumAttempts, or: standard.maximumAttempts),
            workers: try fields.value(.workers, or: standard.workers),
            assetDirectory: try fields.optional(.assetDirectory),
            eventStreamSeconds: try fields.value(.eventStreamSeconds, or: standard.eventStreamSeconds),
            fetchConcurrency: try fields.value(.fetchConcurrency, or: standard.fetchConcurrency),
            assetURLLifetimeSeconds: try fields.value(.assetURLLifetimeSeconds, or: standard.assetURLLifetimeSeconds),
            recipientRetentionDays: try fields.value(.recipientRetentionDays, or: standard.recipientRetentionDays),
            idempotencySeconds: try fields.value(.idempotencySeconds, or: standard.idempotencySeconds),
            maximumPhotos: try fields.value(.maximumPhotos, or: standard.maximumPhotos))
    }

    /// Encodes every field, `assetDirectory` as `null` when unset (so a starter file shows it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(leaseSeconds, forKey: .leaseSeconds)
        try container.encode(pollIntervalSeconds, forKey: .pollIntervalSeconds)
        try container.encode(retryBaseSeconds, forKey: .retryBaseSeconds)
        try container.encode(retryMaximumSeconds, forKey: .retryMaximumSeconds)
        try container.encode(maximumAttempts, forKey: .maximumAttempts)
        try container.encode(workers, forKey: .workers)
        try container.encode(assetDirectory, forKey: .assetDirectory)
        try container.encode(eventStreamSeconds, forKey: .eventStreamSeconds)
        try container.encode(fetchConcurrency, forKey: .fetchConcurrency)
        try container.encode(assetURLLifetimeSeconds, forKey: .assetURLLifetimeSeconds)
        try container.encode(recipientRetentionDays, forKey: .recipientRetentionDays)
        try container.encode(idempotencySeconds, forKey: .idempotencySeconds)
        try container.encode(maximumPhotos, forKey: .maximumPhotos)
    }

    /// The delay before attempt `attempt + 1`: `base × 2^(attempt−1)`, at most the maximum, times a jitter in [0.5, 1).
    func retryDelay(afterAttempt attempt: Int, jitter: Double = Double.random(in: 0.5..<1)) -> Double {
        let exponential = retryBaseSeconds * Double(1 << min(max(attempt - 1, 0), 30))
        return min(retryMaximumSeconds, exponential) * jitter
    }
}
