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

    /// Creates settings.
    public init(
        leaseSeconds: Double = 30, pollIntervalSeconds: Double = 0.5, retryBaseSeconds: Double = 2, retryMaximumSeconds: Double = 600,
        maximumAttempts: Int = 8, workers: Int = 2, assetDirectory: String? = nil, eventStreamSeconds: Double = 55,
        fetchConcurrency: Int = 4, assetURLLifetimeSeconds: Int = 14 * 24 * 3600
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
    }

    private enum Keys: String, CodingKey {
        case leaseSeconds, pollIntervalSeconds, retryBaseSeconds, retryMaximumSeconds, maximumAttempts, workers, assetDirectory
        case eventStreamSeconds, fetchConcurrency, assetURLLifetimeSeconds
    }

    /// Decodes settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let standard = Self()
        self.init(
            leaseSeconds: try container.decodeIfPresent(Double.self, forKey: .leaseSeconds) ?? standard.leaseSeconds,
            pollIntervalSeconds: try container.decodeIfPresent(Double.self, forKey: .pollIntervalSeconds) ?? standard.pollIntervalSeconds,
            retryBaseSeconds: try container.decodeIfPresent(Double.self, forKey: .retryBaseSeconds) ?? standard.retryBaseSeconds,
            retryMaximumSeconds: try container.decodeIfPresent(Double.self, forKey: .retryMaximumSeconds) ?? standard.retryMaximumSeconds,
            maximumAttempts: try container.decodeIfPresent(Int.self, forKey: .maximumAttempts) ?? standard.maximumAttempts,
            workers: try container.decodeIfPresent(Int.self, forKey: .workers) ?? standard.workers,
            assetDirectory: try container.decodeIfPresent(String.self, forKey: .assetDirectory),
            eventStreamSeconds: try container.decodeIfPresent(Double.self, forKey: .eventStreamSeconds) ?? standard.eventStreamSeconds,
            fetchConcurrency: try container.decodeIfPresent(Int.self, forKey: .fetchConcurrency) ?? standard.fetchConcurrency,
            assetURLLifetimeSeconds: try container.decodeIfPresent(Int.self, forKey: .assetURLLifetimeSeconds) ?? standard.assetURLLifetimeSeconds)
    }

    /// The delay before attempt `attempt + 1`: `base × 2^(attempt−1)`, at most the maximum, times a jitter in [0.5, 1).
    func retryDelay(afterAttempt attempt: Int, jitter: Double = Double.random(in: 0.5..<1)) -> Double {
        let exponential = retryBaseSeconds * Double(1 << min(max(attempt - 1, 0), 30))
        return min(retryMaximumSeconds, exponential) * jitter
    }
}
