extension DemoCloud {
    /// The endpoints the demo cloud serves, for counting requests.
    public enum Endpoint: String, Sendable, Hashable, CaseIterable {
        /// `GET` or `POST /oauth/authorize`.
        case authorize
        /// `POST /oauth/token`.
        case token
        /// `POST /oauth/device`.
        case deviceAuthorization
        /// `GET` or `POST /oauth/device/approve`.
        case deviceApproval
        /// `GET /v1/albums`.
        case albums
        /// `GET /v1/albums/{id}/photos`.
        case albumPhotos
        /// `GET /v1/photos/{id}`.
        case photo
        /// `GET /v1/photos/{id}/thumbnail`.
        case thumbnail
        /// `GET /v1/photos/{id}/original`.
        case original
    }

    /// Counters so tests can assert what the server saw ("exactly one refresh").
    public struct Statistics: Sendable, Hashable {
        /// Requests per endpoint, whatever their outcome.
        public var requests: [Endpoint: Int] = [:]
        /// Successful `refresh_token` grants.
        public var tokenRefreshes = 0
        /// `refresh_token` grants refused (unknown, rotated away or revoked refresh tokens).
        public var refusedRefreshes = 0
        /// Successful `authorization_code` grants.
        public var authorizationCodeExchanges = 0
        /// Successful device-code grants.
        public var deviceCodeExchanges = 0
        /// API requests answered 401 (missing, unknown or expired access token).
        public var unauthorizedResponses = 0
        /// Responses answered with a fault (429 or 500).
        public var injectedErrors = 0
        /// Image responses answered 304 Not Modified.
        public var notModifiedResponses = 0

        /// Creates empty counters.
        public init() {}

        /// The number of requests `endpoint` received.
        public func count(_ endpoint: Endpoint) -> Int { requests[endpoint, default: 0] }
    }
}
