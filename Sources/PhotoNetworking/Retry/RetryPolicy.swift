/// How failed attempts are retried.
///
/// - 429 and 503 wait for `Retry-After` (seconds or an HTTP date) when the server sends one
///   and it is at most ``maxRetryAfter``; a longer wait fails at once with the server's value,
///   since retrying sooner would only be refused again.
/// - Other 5xx responses and dropped connections back off exponentially with jitter
///   (idempotent methods only: a POST that may have been processed is not repeated).
/// - Other 4xx responses, timeouts, policy refusals and cancellation are never retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 means no retries).
    public var maxAttempts: Int
    /// The first backoff delay; each later one doubles, with up to 50 % random jitter taken off.
    public var baseDelay: Duration
    /// The longest `Retry-After` the client waits for.
    public var maxRetryAfter: Duration

    /// Creates a policy.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maxRetryAfter: Duration = .seconds(60)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Three attempts, 200 ms base delay, `Retry-After` honoured up to 60 s.
    public static let `default` = RetryPolicy()
    /// One attempt only.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The backoff before attempt `attempt + 1` after `attempt` failed (1-based): the base
    /// delay doubled per attempt, minus up to half of it at random ("equal jitter").
    func backoff(after attempt: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let exponent = min(max(attempt - 1, 0), 16)
        let full = baseDelay * (1 << exponent)
        return full - full * (random * 0.5)
    }
}
