public import Foundation
import PhotoSourceKit
import Synchronization

/// An async HTTP client over libcurl.
///
/// One dedicated thread drives a curl multi handle, so calls never block Swift's cooperative
/// threads, connections are reused, and HTTP/2 is used where the server offers it. Cancelling
/// the calling task removes its transfer promptly.
///
/// Every request and every redirect is checked against the request's ``AddressPolicy`` before
/// connecting and again on the resolved address; failures are retried per its ``RetryPolicy``;
/// all errors are ``PhotoSourceKit/PhotoSourceError``s whose texts never contain the
/// `Authorization` header or secret-looking query values.
public final class HTTPClient: Sendable {
    private let driver: CurlMultiDriver
    private let nextID = Atomic<UInt64>(1)

    /// Creates a client with its own network thread (stopped when the client is released).
    public init() {
        driver = CurlMultiDriver()
    }

    deinit {
        driver.shutdown()
    }

    /// The client most callers share.
    public static let shared = HTTPClient()

    /// Sends `request`, following redirects and retrying per its options, and returns the final
    /// response with its body in memory.
    ///
    /// Returns 2xx and 304 responses. Throws ``PhotoSourceKit/PhotoSourceError``: `.notFound` (404, 410),
    /// `.accessDenied` (403, or refused by the address policy), `.authentication` (401),
    /// `.rateLimited` (429 after retries), `.connection` (network failures, timeouts, 5xx after
    /// retries), `.tooLarge` (over ``HTTPOptions/maxBodyBytes``), `.invalidData` (malformed
    /// responses, other 4xx), `.cancelled`. For a failed status, `underlying` is an
    /// ``HTTPStatusError`` holding the response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await perform(request, file: nil, progress: nil)
    }

    /// Like ``send(_:)``, but streams a 2xx body into `file`: first into a temporary file in the
    /// same folder, renamed over `file` only when the transfer succeeded, so a failed or
    /// cancelled transfer leaves no file (and an existing `file` untouched).
    ///
    /// `progress` is called on the network thread with the bytes received so far and the
    /// announced length; keep it quick. The returned response has an empty `body`.
    public func download(
        _ request: HTTPRequest, to file: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)? = nil
    ) async throws -> HTTPResponse {
        guard file.isFileURL else {
            throw PhotoSourceError(.invalidData, "The download destination \(file) is not a file URL.")
        }
        return try await perform(request, file: file, progress: progress)
    }

    /// One exchange with no redirects or retries, run on the network thread.
    func exchange(
        _ request: HTTPRequest, file: URL?, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws(TransferFailure) -> HTTPResponse {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        let flag = CancellationFlag()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    driver.submit(TransferOrder(
                        id: id, request: request, file: file, progress: progress,
                        cancellation: flag, continuation: continuation))
                }
            } onCancel: {
                flag.cancel()
                driver.cancel(id)
            }
        } catch let failure as TransferFailure {
            throw failure
        } catch {
            throw TransferFailure(PhotoSourceError.wrapping(error, context: "Requesting \(request.url.redactedDescription)"))
        }
    }
}
