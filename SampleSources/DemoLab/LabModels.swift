import Foundation

/// The order body the lab accepts (Prodigi v4's shape; unknown fields are ignored).
struct LabOrderRequest: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let sku: String
        let copies: Int
        let sizing: String?
        let assets: [Asset]
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
