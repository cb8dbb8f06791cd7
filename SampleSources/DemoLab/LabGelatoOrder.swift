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

    let orderReferenceId: String
    let shipmentMethodUid: String?
    let items: [Item]

    /// The order as the lab keeps it; `key` is the `Idempotency-Key` header, else the reference.
    func labOrder(idempotencyKey key: String?) -> LabOrderRequest {
        LabOrderRequest(
            merchantReference: orderReferenceId, idempotencyKey: key ?? orderReferenceId, shippingMethod: shipmentMethodUid,
            items: items.map { item in
                LabOrderRequest.Item(
                    sku: item.productUid, copies: item.quantity, sizing: nil,
                    assets: item.files.map { LabOrderRequest.Asset(printArea: $0.type, url: $0.url, md5Hash: nil) })
            })
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
