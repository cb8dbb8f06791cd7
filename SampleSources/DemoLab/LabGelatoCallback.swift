import Foundation

/// A status callback in Gelato's shape, sent for orders that came in Gelato's shape: an
/// `order_status_updated` event (`{"id", "event", "orderId", "storeId", "orderReferenceId",
/// "fulfillmentStatus", "items": [{"itemReferenceId", "fulfillmentStatus", "fulfillments":
/// [{"trackingCode", "trackingUrl", "shipmentMethodName", "shipmentMethodUid"}]}]}`), and once
/// shipped one `order_item_tracking_code_updated` per item.
struct LabGelatoCallback: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        let itemReferenceId: String
        let fulfillmentStatus: String
        let fulfillments: [Fulfillment]
    }

    struct Fulfillment: Encodable, Sendable {
        let trackingCode: String
        let trackingUrl: String
        let shipmentMethodName: String
        let shipmentMethodUid: String
    }

    let id: String
    let event: String
    let orderId: String
    let storeId: String?
    let orderReferenceId: String
    var fulfillmentStatus: String?
    var items: [Item]?
    var itemReferenceId: String?
    var trackingCode: String?
    var trackingUrl: String?
    var shipmentMethodName: String?
    var shipmentMethodUid: String?

    /// Gelato's fulfilment status for a stage of the lab's: `received` → `created`, `downloaded`
    /// → `passed`, `cancelled` → `canceled`; `printed`, `shipped`, `failed` as they are.
    static func status(of stage: String) -> String {
        switch stage {
        case "received": "created"
        case "downloaded": "passed"
        case "cancelled": "canceled"
        default: stage
        }
    }

    /// The `order_status_updated` event of `record` reaching `stage`, with `parcel`'s tracking on every item once shipped.
    static func statusUpdated(_ record: DemoLab.OrderRecord, stage: String, parcel: LabCallback.Shipment?) -> LabGelatoCallback {
        let status = status(of: stage)
        return LabGelatoCallback(
            id: "os_\(record.id)_\(stage)", event: "order_status_updated", orderId: record.id, storeId: nil,
            orderReferenceId: record.merchantReference, fulfillmentStatus: status,
            items: record.lines.enumerated().map { index, line in
                Item(
                    itemReferenceId: line.reference ?? String(index), fulfillmentStatus: status,
                    fulfillments: parcel.map { [fulfillment($0)] } ?? [])
            })
    }

    /// The `order_item_tracking_code_updated` event of line `index` of `record`, shipped as `parcel`.
    static func trackingUpdated(_ record: DemoLab.OrderRecord, line index: Int, parcel: LabCallback.Shipment) -> LabGelatoCallback {
        let fulfillment = fulfillment(parcel)
        return LabGelatoCallback(
            id: "tc_\(record.id)_\(index)", event: "order_item_tracking_code_updated", orderId: record.id, storeId: nil,
            orderReferenceId: record.merchantReference,
            itemReferenceId: record.lines.indices.contains(index) ? record.lines[index].reference ?? String(index) : String(index),
            trackingCode: fulfillment.trackingCode, trackingUrl: fulfillment.trackingUrl,
            shipmentMethodName: fulfillment.shipmentMethodName, shipmentMethodUid: fulfillment.shipmentMethodUid)
    }

    private static func fulfillment(_ parcel: LabCallback.Shipment) -> Fulfillment {
        Fulfillment(
            trackingCode: parcel.tracking.number, trackingUrl: parcel.tracking.url, shipmentMethodName: parcel.carrier.name,
            shipmentMethodUid: parcel.carrier.name.lowercased() + "_" + parcel.carrier.service.lowercased())
    }
}
