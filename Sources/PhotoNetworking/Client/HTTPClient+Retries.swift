import Foundation
import PhotoSourceKit

extension HTTPClient {
    /// Validates `request`, then runs it with redirects, retrying per its ``RetryPolicy``.
    func perform(
        _ request: HTTPRequest, file: URL?, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws -> HTTPResponse {
        try RequestValidation.validate(request)
        let policy = request.options.retry
        var attempt = 1
        while true {
            if Task.isCancelled {
                throw PhotoSourceError(.cancelled, "The request to \(request.url.redactedDescription) was cancelled.")
            }
            let delay: Duration
            do {
                let response = try await followingRedirects(request, file: file, progress: progress)
                switch StatusOutcome(response, request: request, attempt: attempt, policy: policy) {
                case .success: return response
                case .failure(let error): throw error
                case .retry(let after): delay = after
                }
            } catch let failure as TransferFailure {
                guard failure.isTransient, request.isIdempotent, attempt < policy.maxAttempts else { throw failure.error }
                delay = policy.backoff(after: attempt)
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw PhotoSourceError(.cancelled, "The request to \(request.url.redactedDescription) was cancelled.")
            }
            attempt += 1
        }
    }
}

/// What to do with a final (non-redirect) response.
enum StatusOutcome {
    case success
    case retry(after: Duration)
    case failure(PhotoSourceError)

    init(_ response: HTTPResponse, request: HTTPRequest, attempt: Int, policy: RetryPolicy) {
        let status = response.status
        if (200..<300).contains(status) || status == 304 {
            self = .success
            return
        }
        let canRetry = attempt < policy.maxAttempts
        switch status {
        case 429, 503:
            let asked = RetryAfter.delay(from: response.header("retry-after"))
            let wait = asked ?? policy.backoff(after: attempt)
            if canRetry, wait <= policy.maxRetryAfter {
                self = .retry(after: wait)
                return
            }
        case 408, 500...599:
            if request.isIdempotent, canRetry {
                self = .retry(after: policy.backoff(after: attempt))
                return
            }
        default:
            break
        }
        self = .failure(HTTPStatusFailure.error(for: response, request: request, attempts: attempt))
    }
}
