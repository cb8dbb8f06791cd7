import Foundation

/// The Gelato v4 order body the lab also accepts (`POST /v4/orders`; unknown fields are
/// ignored), read into the same ``LabOrderRequest`` as Prodigi's shape: `productUid` is the
/// SKU, `quantity` the copies, each file an asset (Gelato sends no MD5, so none is checked).
struct LabGelatoOrder: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let itemReferenceId: String?
        let productUid: String
        let files: [File]
        let quantity: Int
    }

    struct File: Decodable, Sendable {
        let type: String?
        let url: String
    }

    /// Gelato's `shippingAddress`, as far as the lab keeps it.
    struct ShippingAddress: Decodable, Sendable {
        let firstName: String
        let lastName: String?
        let addressLine1: String
        let addressLine2: String?
        let city: String
        let postCode: String?
        let state: String?
        let country: String
        let email: String?
        let phone: String?
    }

    let orderReferenceId: String
    let currency: String?
    let shipmentMethodUid: String?
    let items: [Item]
    let shippingAddress: ShippingAddress?

    /// The order as the lab keeps it; `key` is the `Idempotency-Key` header, else the reference.
    func labOrder(idempotencyKey key: String?) -> LabOrderRequest {
        LabOrderRequest(
            merchantReference: orderReferenceId, idempotencyKey: key ?? orderReferenceId, shippingMethod: shipmentMethodUid,
            items: items.map { item in
                LabOrderRequest.Item(
                    sku: item.productUid, copies: item.quantity, sizing: nil,
                    assets: item.files.map { LabOrderRequest.Asset(printArea: $0.type, url: $0.url, md5Hash: nil) },
                    merchantReference: item.itemReferenceId)
            }, shippingAddress: shippingAddress.map { address in
                DemoLab.OrderRecord.Recipient(
                    name: [address.firstName, address.lastName ?? ""].filter { !$0.isEmpty }.joined(separator: " "), email: address.email,
                    phone: address.phone, line1: address.addressLine1, postalCode: address.postCode, townOrCity: address.city,
                    countryCode: address.country, line2: address.addressLine2, stateOrCounty: address.state)
            }, format: "gelato-v4", currency: currency)
    }
}

/// Gelato's answer to an order: `{"id", "orderReferenceId", "fulfillmentStatus"}`.
struct LabGelatoResponse: Encodable, Sendable {
    let id: String
    let orderReferenceId: String
    let fulfillmentStatus: String

    init(_ record: DemoLab.OrderRecord) {
        id = record.id
        orderReferenceId = record.merchantReference
        fulfillmentStatus = record.stage
    }
}
