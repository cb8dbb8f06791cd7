/// One destination's delivery of an order, as the shop sees it: the same object in
/// `GET /v1/orders/{id}` (`destinations[]`) and in the `order.updated` webhook (`data.delivery`),
/// built from the store's ``OrderRecord/Delivery`` in both places, so a failure's `errorCode`
/// and `message` read the same whichever way the shop learns of it.
struct DeliveryResponse: Encodable, Sendable, Hashable {
    /// What became of one item there.
    struct Item: Encodable, Sendable, Hashable {
        let index: Int
        let delivered: Bool
        let errorCode: String?
        let message: String?
    }

    /// The destination's configured id.
    let id: String
    /// `folder`, `httpUpload` or `printLab`.
    let kind: String
    /// A ``DeliveryState`` raw value.
    let state: String
    /// The destination's last reported stage (`received`, `downloaded`, `printed`, `shipped`, `failed`).
    let stage: String?
    /// The destination's own id for the order.
    let externalId: String?
    /// A stable ``PhotoSourceKit/PhotoSourceError`` code when the delivery failed.
    let errorCode: String?
    /// A sentence when the delivery failed.
    let message: String?
    /// Each item's result there, by index.
    let items: [Item]
    /// The parcel's carrier, tracking number and URL, once the lab shipped.
    let tracking: DeliveryTracking?
    /// What the lab answered when the order was cancelled, if it was asked.
    let cancellation: DeliveryCancellation?
    /// Something a person must look at (`shippedAfterCancel`).
    let alert: String?

    init(_ delivery: OrderRecord.Delivery) {
        id = delivery.destinationID
        kind = delivery.kind
        state = delivery.state.rawValue
        stage = delivery.stage
        externalId = delivery.externalID
        errorCode = delivery.errorCode
        message = delivery.errorMessage
        items = delivery.items.map { Item(index: $0.index, delivered: $0.delivered, errorCode: $0.errorCode, message: $0.message) }
        tracking = delivery.tracking
        cancellation = delivery.cancellation
        alert = delivery.alert
    }
}
