extension DemoLab {
    /// What the lab has seen and done, for tests and the demo.
    public struct Statistics: Sendable, Hashable {
        /// Order requests, whatever their outcome.
        public var orderRequests = 0
        /// Requests that repeated a known idempotency key (answered with the existing order).
        public var repeatedOrders = 0
        /// Order requests answered 500 by a fault.
        public var injectedErrors = 0
        /// Asset downloads that completed (bytes received), including ones whose MD5 was wrong.
        public var assetDownloads = 0
        /// Download attempts abandoned by ``Faults/refuseNextDownloads`` or failed on the network.
        public var failedDownloads = 0
        /// Cancel requests for known orders, confirmed or refused.
        public var cancelRequests = 0
        /// Callbacks answered 2xx by the receiver.
        public var callbacksDelivered = 0
        /// Callback attempts that failed (non-2xx or no connection).
        public var callbacksFailed = 0

        /// Creates empty counters.
        public init() {}
    }
}
