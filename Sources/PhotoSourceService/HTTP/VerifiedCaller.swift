import Synchronization

/// What a request's bearer token turned out to be, written where it is checked
/// (``ServiceDependencies/requireSession(_:)``) and read by ``RateLimitMiddleware`` after the
/// handler, so that only a token that verified ever gets a rate-limit bucket of its own.
///
/// Carried in a task local: the handlers run in the middleware's task, and their signatures
/// stay as they are.
final class VerifiedCaller: Sendable {
    /// The box of the request being handled, when the rate limiter set one.
    @TaskLocal static var current: VerifiedCaller?

    private let sessionVerified = Mutex(false)

    /// Notes that the request's bearer token is a live session's.
    func recordSession() {
        sessionVerified.withLock { $0 = true }
    }

    /// Whether the request's bearer token was a live session's.
    var isSession: Bool { sessionVerified.withLock { $0 } }
}
