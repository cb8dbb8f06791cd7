extension DemoCloud {
    /// Fault injection for tests, settable while the server runs (see ``DemoCloud/faults`` and
    /// ``DemoCloud/updateFaults(_:)``). Faults apply to the REST API (`/v1/…`), never to the
    /// OAuth endpoints; the counted ones ("the next N requests") count down as requests arrive.
    /// Token expiry is an action, not a switch: ``DemoCloud/expireAccessTokens()``.
    public struct Faults: Sendable, Hashable {
        /// Added before every API response.
        public var latency: Duration
        /// The next this-many API requests get `429 Too Many Requests`.
        public var rateLimitNextRequests: Int
        /// The `Retry-After` value (seconds) sent with those 429s.
        public var retryAfterSeconds: Int
        /// The next this-many API requests get `500 Internal Server Error`.
        public var serverErrorNextRequests: Int
        /// Bodies stop halfway (with the full `Content-Length` announced) and the connection is cut.
        public var truncateBodies: Bool
        /// Bodies are sent in small chunks with this pause between them.
        public var slowDripInterval: Duration?
        /// The bytes per chunk when dripping.
        public var slowDripChunkSize: Int
        /// `Content-Length` announces only half of the body; the whole body is sent, then the
        /// connection is closed.
        public var wrongContentLength: Bool
        /// Image requests are redirected (302) to the same path on this origin, for example one
        /// that is not on the client's allow-list (`"http://localhost:9"`).
        public var redirectImagesToOrigin: String?

        /// Creates a fault plan; the default injects nothing.
        public init(
            latency: Duration = .zero, rateLimitNextRequests: Int = 0, retryAfterSeconds: Int = 1,
            serverErrorNextRequests: Int = 0, truncateBodies: Bool = false,
            slowDripInterval: Duration? = nil, slowDripChunkSize: Int = 64,
            wrongContentLength: Bool = false, redirectImagesToOrigin: String? = nil
        ) {
            self.latency = latency
            self.rateLimitNextRequests = rateLimitNextRequests
            self.retryAfterSeconds = retryAfterSeconds
            self.serverErrorNextRequests = serverErrorNextRequests
            self.truncateBodies = truncateBodies
            self.slowDripInterval = slowDripInterval
            self.slowDripChunkSize = slowDripChunkSize
            self.wrongContentLength = wrongContentLength
            self.redirectImagesToOrigin = redirectImagesToOrigin
        }

        /// No faults.
        public static let none = Faults()

        /// What to do with one API request, deciding (and counting down) under the caller's lock.
        mutating func takeVerdict() -> Verdict {
            if rateLimitNextRequests > 0 {
                rateLimitNextRequests -= 1
                return .rateLimited(retryAfterSeconds: retryAfterSeconds)
            }
            if serverErrorNextRequests > 0 {
                serverErrorNextRequests -= 1
                return .serverError
            }
            return .serve
        }

        /// How a body is put on the wire under these faults.
        var bodyShape: BodyShape {
            if truncateBodies { return .truncated }
            if wrongContentLength { return .understatedLength }
            if let slowDripInterval { return .drip(interval: slowDripInterval, chunkSize: max(1, slowDripChunkSize)) }
            return .normal
        }

        /// The outcome of ``takeVerdict()``.
        enum Verdict: Equatable {
            case serve
            case rateLimited(retryAfterSeconds: Int)
            case serverError
        }

        /// How a response body is written.
        enum BodyShape: Equatable {
            case normal
            case truncated
            case understatedLength
            case drip(interval: Duration, chunkSize: Int)
        }
    }
}
