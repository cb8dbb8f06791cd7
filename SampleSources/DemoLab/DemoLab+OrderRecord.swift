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
        /// The shape it came in: `prodigi-v4` or `gelato-v4` (callbacks are sent in the same shape).
        public var format = "prodigi-v4"
        /// The currency it is billed in, as sent (Gelato's `currency`; Prodigi sends none).
        public var currency: String?

        /// The recipient as the lab read it.
        public struct Recipient: Sendable, Hashable, Encodable {
            /// The name (Gelato's first and last name joined by a space).
            public var name: String
            /// The e-mail, if sent.
            public var email: String?
            /// The telephone number, if sent.
            public var phone: String?
            /// The first address line.
            public var line1: String
            /// The second address line, if sent.
            public var line2: String?
            /// The postcode, if sent.
            public var postalCode: String?
            /// The town or city.
            public var townOrCity: String
            /// The ISO 3166-1 country code.
            public var countryCode: String
            /// The state or county, if sent.
            public var stateOrCounty: String?

            /// Creates a recipient record.
            public init(
                name: String, email: String? = nil, phone: String? = nil, line1: String, postalCode: String? = nil, townOrCity: String,
                countryCode: String, line2: String? = nil, stateOrCounty: String? = nil
            ) {
                self.line2 = line2
                self.stateOrCounty = stateOrCounty
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
        public struct Line: Sendable, Hashable, Encodable {
            /// The lab's product code (Prodigi `sku`, Gelato `productUid`).
            public var sku: String
            /// How many prints (Prodigi `copies`, Gelato `quantity`).
            public var copies: Int
            /// Prodigi's `sizing`, if sent (Gelato has none).
            public var sizing: String?
            /// Prodigi's `attributes` (Gelato has none).
            public var attributes: [String: String]
            /// The line's own reference, if sent (Prodigi `merchantReference`, Gelato `itemReferenceId`).
            public var reference: String? = nil
            /// Its files, as sent, with what the lab found when it fetched them.
            public var files: [File] = []
        }

        /// One file of a line: as the order named it, and as the lab downloaded it.
        public struct File: Sendable, Hashable, Encodable {
            /// Prodigi's `printArea`, Gelato's `type`.
            public var printArea: String?
            /// Where the lab fetches it.
            public var url: String
            /// The MD5 the order claimed (Prodigi `md5Hash`; Gelato sends none).
            public var md5Hash: String?
            /// The MD5 of the bytes the lab downloaded, once it did.
            public var downloadedMD5: String?
            /// The size in bytes of what the lab downloaded, once it did.
            public var byteCount: Int?
        }
    }
}
