import PhotoSourceKit

/// One scripted failure, as a server or a flaky network would produce it.
///
/// A ``FaultInjector`` hands faults to the wrappers that consult it
/// (``FaultInjectingDownloader``, ``FaultInjectingSource``, ``PhotoSourceKit/ItemListing/injectingFaults(from:)``);
/// once its script runs dry every call goes through untouched, so "500 then success" is
/// simply one `.serverError`.
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// HTTP 401: the access token was refused. Throws `.authentication`.
    case status401
    /// HTTP 429 with an optional `Retry-After`. Throws `.rateLimited(retryAfter:)`.
    case rateLimited(retryAfter: Duration?)
    /// HTTP 500. Throws `.connection`.
    case serverError
    /// HTTP 404. Throws `.notFound`.
    case notFound
    /// The body stops early: a download returns only the first `fraction` (0–1) of its bytes;
    /// a listing fails to parse and throws `.invalidData`.
    case truncate(fraction: Double)
    /// The answer comes late: waits `duration` (cancellably), then answers normally.
    case delay(Duration)

    /// `"HTTP 401"`, `"truncated to 50%"` and so on, for reports.
    public var description: String {
        switch self {
        case .status401: "HTTP 401"
        case .rateLimited(let retryAfter): "HTTP 429" + (retryAfter.map { " (Retry-After \($0))" } ?? "")
        case .serverError: "HTTP 500"
        case .notFound: "HTTP 404"
        case .truncate(let fraction): "truncated to \(Int((fraction * 100).rounded()))%"
        case .delay(let duration): "delayed by \(duration)"
        }
    }

    /// The error this fault throws, or `nil` for faults that alter the answer instead
    /// (``truncate(fraction:)`` on downloads, ``delay(_:)``).
    func error(_ context: String, truncatesByThrowing: Bool) -> PhotoSourceError? {
        let injected = "(injected fault: \(description))"
        switch self {
        case .status401:
            return PhotoSourceError(.authentication, "\(context): the server refused the sign-in (HTTP 401); sign in again.", detail: injected)
        case .rateLimited(let retryAfter):
            return PhotoSourceError(.rateLimited(retryAfter: retryAfter), "\(context): too many requests (HTTP 429); wait and try again.", detail: injected)
        case .serverError:
            return PhotoSourceError(.connection, "\(context): the server failed (HTTP 500); try again.", detail: injected)
        case .notFound:
            return PhotoSourceError(.notFound, "\(context): the server has no such item (HTTP 404).", detail: injected)
        case .truncate:
            guard truncatesByThrowing else { return nil }
            return PhotoSourceError(.invalidData, "\(context): the response was cut short and could not be read.", detail: injected)
        case .delay:
            return nil
        }
    }
}

extension Fault {
    /// Applies this fault to a listing call: waits for `.delay`, throws for everything else.
    func interruptListing(_ context: String) async throws {
        if case .delay(let duration) = self {
            try await Self.sleep(for: duration, context)
        } else if let error = error(context, truncatesByThrowing: true) {
            throw error
        }
    }

    /// Sleeps for `duration`, turning cancellation into a `.cancelled` error.
    static func sleep(for duration: Duration, _ context: String) async throws {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw PhotoSourceError(.cancelled, "\(context): cancelled while waiting for a slow answer.")
        }
    }
}
