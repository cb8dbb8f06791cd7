public import Foundation

/// The one error type every PhotoSourceKit module throws.
///
/// Each error has a stable ``Code`` (modelled on Print.io's `PhotoSourceErrorType`),
/// a ``message`` a person can act on, and, when there is one, the underlying cause
/// (for C libraries, their own message is kept in ``detail``).
public struct PhotoSourceError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong, as a stable code a program can switch over.
    public enum Code: Sendable, Equatable, Hashable {
        /// The source needs the user to sign in first.
        case notLoggedIn
        /// The data was malformed: a bad id, a corrupt image, a response that does not parse.
        case invalidData
        /// The credentials were refused (wrong password, revoked grant).
        case invalidCredentials
        /// Signing in or refreshing a token failed.
        case authentication
        /// The network failed: could not connect, timed out, connection reset.
        case connection
        /// The server asked us to slow down; retry after the given delay when known.
        case rateLimited(retryAfter: Duration?)
        /// The input exceeds a configured limit (bytes, pixels, items).
        case tooLarge
        /// The bytes are not an image format this SDK decodes.
        case unsupportedFormat
        /// The item, folder or file does not exist (any more).
        case notFound
        /// The file or resource exists but may not be read (permissions, a path outside the root).
        case accessDenied
        /// The operation was cancelled.
        case cancelled
        /// There is no room left to write (a full disk or quota, a database at its size limit);
        /// trying again once space is freed may succeed.
        case storageFull
        /// Anything else.
        case unknown

        /// A short lowercase name, stable across releases, for logs and JSON.
        public var name: String {
            switch self {
            case .notLoggedIn: "not-logged-in"
            case .invalidData: "invalid-data"
            case .invalidCredentials: "invalid-credentials"
            case .authentication: "authentication"
            case .connection: "connection"
            case .rateLimited: "rate-limited"
            case .tooLarge: "too-large"
            case .unsupportedFormat: "unsupported-format"
            case .notFound: "not-found"
            case .accessDenied: "access-denied"
            case .cancelled: "cancelled"
            case .storageFull: "storage-full"
            case .unknown: "unknown"
            }
        }

        /// Whether this code means the user has to sign in (again).
        public var isAuthFailure: Bool {
            switch self {
            case .notLoggedIn, .invalidCredentials, .authentication: true
            default: false
            }
        }
    }

    /// The stable code.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String
    /// Extra detail such as a C library's own message, or `nil`.
    public let detail: String?
    /// The error that caused this one, if any.
    public let underlying: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, detail: String? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.detail = detail
        self.underlying = underlying
    }

    /// The message, followed by the detail when there is one.
    public var description: String {
        guard let detail, !detail.isEmpty else { return message }
        return "\(message) (\(detail))"
    }

    /// Same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// Wraps any error as a `PhotoSourceError`: passes ours through, maps cancellation,
    /// and keeps anything else as the underlying cause of an `.unknown` error.
    public static func wrapping(_ error: any Error, context: String) -> PhotoSourceError {
        if let error = error as? PhotoSourceError { return error }
        if error is CancellationError { return PhotoSourceError(.cancelled, "\(context): cancelled.") }
        return PhotoSourceError(.unknown, "\(context): \(error)", underlying: error)
    }
}
