public import Foundation

extension DemoLab {
    /// Where the demo lab reports and what it may download.
    public struct Configuration: Sendable {
        /// Where status callbacks are POSTed (for the service:
        /// `http://127.0.0.1:8080/v1/destinations/<id>/callbacks`); `nil` sends none.
        public var callbackURL: URL?
        /// The shared secret callbacks are signed with (`Webhook-Signature`, HMAC-SHA256).
        public var callbackSecret: String
        /// Origins besides public addresses that asset URLs and callbacks may reach (the callback
        /// URL's origin is always allowed); the service's origin goes here in a demo on loopback.
        public var trustedOrigins: [String]
        /// The pause between one stage and the next (received → downloaded → printed → shipped).
        public var stageInterval: Duration
        /// How many times an asset download is tried before the order fails.
        public var downloadAttempts: Int
        /// The pause between download attempts and between callback attempts.
        public var retryDelay: Duration
        /// How many times a callback is tried before the lab gives up on it.
        public var callbackAttempts: Int
        /// Whether start and stop are logged at info level.
        public var logsLifecycle: Bool

        /// Creates a configuration; every parameter has a demo-friendly default.
        public init(
            callbackURL: URL? = nil, callbackSecret: String = DemoLab.defaultCallbackSecret, trustedOrigins: [String] = [],
            stageInterval: Duration = .seconds(1), downloadAttempts: Int = 3, retryDelay: Duration = .milliseconds(500),
            callbackAttempts: Int = 5, logsLifecycle: Bool = true
        ) {
            self.callbackURL = callbackURL
            self.callbackSecret = callbackSecret
            self.trustedOrigins = trustedOrigins
            self.stageInterval = stageInterval
            self.downloadAttempts = max(1, downloadAttempts)
            self.retryDelay = retryDelay
            self.callbackAttempts = max(1, callbackAttempts)
            self.logsLifecycle = logsLifecycle
        }
    }
}
