import Foundation

/// The order body a print lab receives, shaped like Prodigi's v4 `POST /v4.0/Orders`: the lab
/// downloads each asset from its `url` later and compares `md5Hash`.
public struct PrintLabOrder: Sendable, Hashable, Codable {
    /// Our order id: the lab echoes it in its callbacks.
    public var merchantReference: String
    /// Stable across attempts; the lab answers a repeat with the order it already has.
    public var idempotencyKey: String
    /// `Budget`, `Standard`, `Express`… as the lab names them.
    public var shippingMethod: String
    /// Who receives the prints.
    public var recipient: PrintLabRecipient
    /// One item per asset.
    public var items: [Item]
    /// The shop's own reference and our order id, for the lab's dashboard.
    public var metadata: [String: String]

    /// One print line.
    public struct Item: Sendable, Hashable, Codable {
        /// The lab's product code for our product.
        public var sku: String
        /// How many prints.
        public var copies: Int
        /// `fillPrintArea`, `fitPrintArea` or `stretchToPrintArea`.
        public var sizing: String
        /// The image(s) for the item; ours have one, on `default`.
        public var assets: [Asset]
        /// Our item index, so a callback about one item can be matched.
        public var merchantReference: String?
        /// The lab's product attributes for the line (`paper`, `finish`, `frame`…); left out when there are none.
        public var attributes: [String: String]?
    }

    /// An image the lab fetches.
    public struct Asset: Sendable, Hashable, Codable {
        /// `default`.
        public var printArea: String
        /// A signed asset URL of this service (`/v1/assets/…`), valid for days.
        public var url: String
        /// MD5 of the file, lowercase hex.
        public var md5Hash: String
    }

    /// The lab's answer: `{"outcome": "Created", "order": {"id": "ord_…"}}`.
    public struct Response: Sendable, Hashable, Codable {
        /// `Created`, `CreatedWithIssues`, `AlreadyExists`…
        public var outcome: String?
        /// The lab's order.
        public var order: Order

        /// The lab's order as far as we read it.
        public struct Order: Sendable, Hashable, Codable {
            /// The lab's order id.
            public var id: String
        }
    }
}

/// A print order's recipient, as in the destination's configuration.
public struct PrintLabRecipient: Sendable, Hashable, Codable {
    /// The recipient's name.
    public var name: String
    /// The e-mail for delivery news, if any.
    public var email: String?
    /// A telephone number for the carrier, if any.
    public var phoneNumber: String?
    /// The postal address.
    public var address: Address

    /// A postal address in Prodigi's field names.
    public struct Address: Sendable, Hashable, Codable {
        /// First line.
        public var line1: String
        /// Second line.
        public var line2: String?
        /// Postcode or ZIP.
        public var postalOrZipCode: String
        /// ISO 3166-1 alpha-2 country code.
        public var countryCode: String
        /// Town or city.
        public var townOrCity: String
        /// State or county.
        public var stateOrCounty: String?

        /// Creates an address.
        public init(
            line1: String, line2: String? = nil, postalOrZipCode: String, countryCode: String, townOrCity: String, stateOrCounty: String? = nil
        ) {
            self.line1 = line1
            self.line2 = line2
            self.postalOrZipCode = postalOrZipCode
            self.countryCode = countryCode
            self.townOrCity = townOrCity
            self.stateOrCounty = stateOrCounty
        }
    }

    /// Creates a recipient.
    public init(name: String, email: String? = nil, phoneNumber: String? = nil, address: Address) {
        self.name = name
        self.email = email
        self.phoneNumber = phoneNumber
        self.address = address
    }

    /// The order's recipient in the lab's fields (`phone` becomes `phoneNumber`).
    public init(_ recipient: OrderRecipient) {
        self.init(name: recipient.name, email: recipient.email, phoneNumber: recipient.phone, address: recipient.address)
    }
}
