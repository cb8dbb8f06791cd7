/// When a webhook is tried again: exponential backoff with full jitter (AWS's "full jitter": a
/// random wait between zero and the exponential cap), a ceiling, and a number of attempts.
///
/// The default spreads 12 attempts over roughly eight hours at most (1 s, 2 s, 4 s … capped at
/// one hour), the order of magnitude real shops and labs expect; tests shrink it to milliseconds.
public struct WebhookRetrySchedule: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The cap of the first wait; each later cap doubles.
    public var baseDelay: Duration
    /// No wait is longer than this.
    public var maxDelay: Duration

    /// Creates a schedule (at least one attempt).
    public init(maxAttempts: Int = 12, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(3600)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// 12 attempts, 1 s base, 1 h ceiling.
    public static let standard = WebhookRetrySchedule()

    /// The cap of the wait after attempt `attempt` (1-based) failed: `baseDelay · 2^(attempt-1)`, at most `maxDelay`.
    public func cap(after attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let doubled = baseDelay * (1 << exponent)
        return min(doubled, maxDelay)
    }

    /// The wait after attempt `attempt` failed, for `random` in `0..<1`: `random · cap`.
    public func delay(after attempt: Int, random: Double) -> Duration {
        cap(after: attempt) * min(max(random, 0), 1)
    }
}
