import Foundation
public import Hummingbird
public import PhotoSourceKit

/// An RFC 9457 problem: the body of every error response (`application/problem+json`), with the
/// stable ``PhotoSourceError/Code`` name in `code`.
public struct Problem: Error, Sendable, Encodable {
    /// The HTTP status.
    public let status: Int
    /// The `PhotoSourceError.Code` name (`not-found`, `invalid-data`, …).
    public let code: String
    /// A short summary of the status.
    public let title: String
    /// A sentence a person can act on.
    public let detail: String
    /// A link to the code's description.
    public let type: String
    /// Seconds to wait before retrying, for `rate-limited` and `storage-full`.
    public let retryAfter: Int?
    /// Every field of the request body that is wrong, each at its JSON path (``FieldProblem``), when the body was checked field by field.
    public let errors: [FieldProblem]?

    /// A problem with `status`, `code` and `detail` (and the body's field problems in `errors`).
    public init(
        status: HTTPResponse.Status, code: PhotoSourceError.Code, detail: String, retryAfter: Int? = nil, errors: [FieldProblem]? = nil
    ) {
        self.status = status.code
        self.code = code.name
        self.title = status.reasonPhrase
        self.detail = detail
        self.type = "https://photosourcekit.dev/problems/\(code.name)"
        self.retryAfter = retryAfter
        self.errors = errors
    }

    /// A problem whose `code` is not a ``PhotoSourceError/Code`` but a name of its own
    /// (`handoff-used`), for refusals only one route gives.
    init(status: HTTPResponse.Status, codeName: String, detail: String) {
        self.status = status.code
        self.code = codeName
        self.title = status.reasonPhrase
        self.detail = detail
        self.type = "https://photosourcekit.dev/problems/\(codeName)"
        self.retryAfter = nil
        self.errors = nil
    }

    /// The response: the JSON body, `Content-Type: application/problem+json`, and `Retry-After` when known.
    public func response() -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(self)) ?? Data()
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The problem for any error a handler threw: a full disk or store as `503 storage-full`,
    /// our own errors by code, Hummingbird's by status, anything else a 500 whose detail names
    /// no internals.
    public static func from(_ error: any Error) -> Problem {
        // No room to write (a full disk, SQLITE_FULL): a 503 the client may retry, not a 500, in
        // words that name no path (the log has the error itself).
        if StorageFull.recognise(error) != nil {
            return Problem(status: .serviceUnavailable, code: .storageFull, detail: StorageFull.message, retryAfter: StorageFull.retryAfterSeconds)
        }
        switch error {
        case let problem as Problem:
            return problem
        case let error as PhotoSourceError:
            return Problem(status: status(for: error.code), code: error.code, detail: error.message, retryAfter: retrySeconds(error.code))
        case let error as any HTTPResponseError:
            return Problem(status: error.status, code: code(for: error.status), detail: (error as? HTTPError)?.body ?? error.status.reasonPhrase)
        case is CancellationError:
            return Problem(status: .serviceUnavailable, code: .cancelled, detail: "The request was cancelled.")
        default:
            return Problem(status: .internalServerError, code: .unknown, detail: "Something went wrong inside the service; it has been logged.")
        }
    }

    /// The HTTP status for a code.
    static func status(for code: PhotoSourceError.Code) -> HTTPResponse.Status {
        switch code {
        case .notFound: .notFound
        case .notLoggedIn, .invalidCredentials, .authentication: .unauthorized
        case .accessDenied: .notFound  // never tell whether something exists outside what may be seen
        case .invalidData, .unsupportedFormat: .badRequest
        case .tooLarge: .contentTooLarge
        case .rateLimited: .tooManyRequests
        case .connection: .badGateway
        case .cancelled, .storageFull: .serviceUnavailable
        case .unknown: .internalServerError
        }
    }

    private static func code(for status: HTTPResponse.Status) -> PhotoSourceError.Code {
        switch status.code {
        case 404, 405: .notFound
        case 401: .notLoggedIn
        case 413: .tooLarge
        case 429: .rateLimited(retryAfter: nil)
        case 400..<500: .invalidData
        default: .unknown
        }
    }

    private static func retrySeconds(_ code: PhotoSourceError.Code) -> Int? {
        if code == .storageFull { return StorageFull.retryAfterSeconds }
        guard case .rateLimited(let after) = code else { return nil }
        return after.map { max(1, Int($0.components.seconds)) } ?? 1
    }
}
