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
        /// The shipping method it asked for, as sent (Prodigi `shippingMethod`, Gelato `shipmentMethodUid`).
        public var shippingMethod: String?
        /// Who it ships to, as sent (Prodigi `recipient`, Gelato `shippingAddress`).
        public var recipient: Recipient?
        /// Its lines, as sent.
        public var lines: [Line] = []

        /// The recipient as the lab read it.
        public struct Recipient: Sendable, Hashable {
            /// The name (Gelato's first and last name joined by a space).
            public var name: String
            /// The e-mail, if sent.
            public var email: String?
            /// The telephone number, if sent.
            public var phone: String?
            /// The first address line.
            public var line1: String
            /// The postcode, if sent.
            public var postalCode: String?
            /// The town or city.
            public var townOrCity: String
            /// The ISO 3166-1 country code.
            public var countryCode: String

            /// Creates a recipient record.
            public init(
                name: String, email: String? = nil, phone: String? = nil, line1: String, postalCode: String? = nil, townOrCity: String,
                countryCode: String
            ) {
                self.name = name
                self.email = email
                self.phone = phone
                self.line1 = line1
                self.postalCode = postalCode
                self.townOrCity = townOrCity
                self.countryCode = countryCode
            }
        }

        /// One line as the lab read it.
        public struct Line: Sendable, Hashable {
            /// The lab's product code (Prodigi `sku`, Gelato `productUid`).
            public var sku: String
            /// How many prints (Prodigi `copies`, Gelato `quantity`).
            public var copies: Int
            /// Prodigi's `sizing`, if sent (Gelato has none).
            public var sizing: String?
            /// Prodigi's `attributes` (Gelato has none).
            public var attributes: [String: String]
        }
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
