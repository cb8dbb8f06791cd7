extension DemoLab {
    /// One order as the lab keeps it.
    public struct OrderRecord: Sendable, Hashable {
        /// The lab's id (`ord_1`, `ord_2`…).
        public var id: String
        /// The sender's reference (the service's order id).
        public var merchantReference: String
        /// The idempotency key it came with.
        public var idempotencyKey: String
        /// How many items it has.
        public var itemCount: Int
        /// The URL of every asset, as the order gave them (the lab fetches them again on a repeat).
        public var assetURLs: [String] = []
        /// The last stage reached: `received`, `downloaded`, `printing` (held), `printed`, `shipped`, `failed` or `cancelled`.
        public var stage: String
        /// Why it failed, when it did.
        public var message: String?
    }

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
