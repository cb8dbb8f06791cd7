import Foundation

/// The order body the lab accepts (Prodigi v4's shape; unknown fields are ignored).
struct LabOrderRequest: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let sku: String
        let copies: Int
        let sizing: String?
        let assets: [Asset]
        var attributes: [String: String]?
        /// The line's own reference (Prodigi `merchantReference`, Gelato `itemReferenceId`).
        var merchantReference: String?
    }

    /// Prodigi's `recipient`, as far as the lab keeps it.
    struct Recipient: Decodable, Sendable {
        struct Address: Decodable, Sendable {
            let line1: String
            let line2: String?
            let postalOrZipCode: String?
            let countryCode: String
            let townOrCity: String
            let stateOrCounty: String?
        }

        let name: String
        let email: String?
        let phoneNumber: String?
        let address: Address
    }

    struct Asset: Decodable, Sendable {
        let printArea: String?
        let url: String
        let md5Hash: String?
    }

    let merchantReference: String
    let idempotencyKey: String?
    let shippingMethod: String?
    let items: [Item]
    var recipient: Recipient?
    /// The recipient of an order read from another shape (Gelato's `shippingAddress`).
    var shippingAddress: DemoLab.OrderRecord.Recipient?
    /// The shape it came in (`prodigi-v4`, `gelato-v4`).
    var format = "prodigi-v4"
    /// The currency it is billed in (Gelato's `currency`).
    var currency: String?

    private enum CodingKeys: String, CodingKey {
        case merchantReference, idempotencyKey, shippingMethod, items, recipient
    }

    /// What the lab keeps of the recipient.
    var shipTo: DemoLab.OrderRecord.Recipient? {
        shippingAddress ?? recipient.map {
            DemoLab.OrderRecord.Recipient(
                name: $0.name, email: $0.email, phone: $0.phoneNumber, line1: $0.address.line1, postalCode: $0.address.postalOrZipCode,
                townOrCity: $0.address.townOrCity, countryCode: $0.address.countryCode, line2: $0.address.line2,
                stateOrCounty: $0.address.stateOrCounty)
        }
    }
}

/// The answer to an order: `{"outcome": "Created", "order": {"id", "merchantReference", "status": {"stage"}}}`.
struct LabOrderResponse: Encodable, Sendable {
    struct Order: Encodable, Sendable {
        let id: String
        let merchantReference: String
        let idempotencyKey: String
        let status: Status
        /// Where the lab fetched each asset from.
        let assetURLs: [String]
        /// Everything else the order said, so a person checking by hand sees the whole order:
        /// its shape, currency, shipping method and recipient, and each line's reference, SKU,
        /// copies, sizing and attributes, with its files as named and as downloaded (MD5, size).
        let format: String
        let currency: String?
        let shippingMethod: String?
        let recipient: DemoLab.OrderRecord.Recipient?
        let items: [DemoLab.OrderRecord.Line]
    }

    struct Status: Encodable, Sendable {
        let stage: String
        let message: String?
    }

    let outcome: String
    let order: Order
}

/// A status callback: `{"id", "type": "order.stage.changed", "time", "data": {"order": {...}}}`.
struct LabCallback: Encodable, Sendable {
    struct Payload: Encodable, Sendable {
        let order: Order
    }

    struct Order: Encodable, Sendable {
        let id: String
        let merchantReference: String
        let stage: String
        let message: String?
        /// Sent with `shipped`: the parcel's carrier and tracking.
        let shipments: [Shipment]?
    }

    /// One parcel, Prodigi's shape: `{"carrier": {"name", "service"}, "tracking": {"number", "url"}}`.
    struct Shipment: Encodable, Sendable {
        struct Carrier: Encodable, Sendable {
            let name: String
            let service: String
        }

        struct Tracking: Encodable, Sendable {
            let number: String
            let url: String
        }

        let carrier: Carrier
        let tracking: Tracking
    }

    let id: String
    let type: String
    let time: String
    let data: Payload
}
