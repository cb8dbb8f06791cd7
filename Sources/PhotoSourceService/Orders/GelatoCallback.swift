import Foundation

/// A Gelato v4 webhook event, as a `gelato-v4` print lab destination's callbacks carry them
/// (Gelato's "Webhooks" page, dashboard.gelato.com/docs/webhooks): the same signed
/// `POST /v1/destinations/{id}/callbacks` as Prodigi-shaped ones, in Gelato's words.
///
/// - `order_status_updated`: `{"id", "event", "orderId", "orderReferenceId", "fulfillmentStatus",
///   "items": [{"itemReferenceId", "fulfillmentStatus", "fulfillments": [{"trackingCode",
///   "trackingUrl", "shipmentMethodName", …}]}]}`: the order's new status, with the parcels'
///   tracking once shipped;
/// - `order_item_tracking_code_updated`: `{"id", "event", "orderId", "orderReferenceId",
///   "itemReferenceId", "trackingCode", "trackingUrl", "shipmentMethodName", …}`: an item's parcel
///   (read as `shipped` with that tracking).
///
/// `orderReferenceId` is our order id (we send it so), `orderId` the lab's. Gelato's fulfilment
/// statuses map onto ``PrintLabStage`` (``stage(of:)``); unknown fields are ignored.
struct GelatoCallback: Decodable, Sendable, Hashable {
    /// One item of an `order_status_updated` event.
    struct Item: Decodable, Sendable, Hashable {
        let itemReferenceId: String?
        let fulfillmentStatus: String?
        let fulfillments: [Fulfillment]?
    }

    /// One parcel of an item.
    struct Fulfillment: Decodable, Sendable, Hashable {
        let trackingCode: String?
        let trackingUrl: String?
        let shipmentMethodName: String?

        var tracking: DeliveryTracking { DeliveryTracking(carrier: shipmentMethodName, number: trackingCode, url: trackingUrl) }
    }

    /// The event types read.
    static let statusUpdated = "order_status_updated"
    static let trackingUpdated = "order_item_tracking_code_updated"

    let id: String
    let event: String
    let orderId: String
    let orderReferenceId: String
    let fulfillmentStatus: String?
    let items: [Item]?
    let trackingCode: String?
    let trackingUrl: String?
    let shipmentMethodName: String?

    /// The stage a Gelato fulfilment status means, or `nil` for one it does not know:
    /// `created`, `uploading`, `draft`, `pending_approval`, `pending_personalization`, `digitizing`,
    /// `on_hold` → `received`; `passed` (the files were fetched and checked) and `in_production` →
    /// `downloaded`; `printed`; `shipped`, `in_transit`, `delivered` → `shipped`; `canceled` /
    /// `cancelled` → `cancelled`; `failed`, `returned` → `failed`.
    static func stage(of status: String) -> PrintLabStage? {
        switch status.lowercased() {
        case "created", "uploading", "draft", "pending_approval", "pending_personalization", "digitizing", "on_hold": .received
        case "passed", "in_production": .downloaded
        case "printed": .printed
        case "shipped", "in_transit", "delivered": .shipped
        case "canceled", "cancelled": .cancelled
        case "failed", "returned": .failed
        default: nil
        }
    }

    /// The report this event makes for `destinationID`.
    func report(destinationID: String) throws(PrintLabCallbackVerifier.Rejection) -> DestinationReport {
        guard !id.isEmpty, !orderId.isEmpty, !orderReferenceId.isEmpty else {
            throw .malformed("The Gelato event has an empty id, orderId or orderReferenceId.")
        }
        switch event {
        case Self.statusUpdated:
            let status = fulfillmentStatus ?? ""
            guard let stage = Self.stage(of: status) else {
                throw .malformed("\"\(status)\" is not a Gelato fulfillmentStatus this service knows.")
            }
            let tracking = (items ?? []).lazy.flatMap { $0.fulfillments ?? [] }.map(\.tracking).first { !$0.isEmpty }
            return DestinationReport(
                orderID: orderReferenceId, destinationID: destinationID, eventID: id, stage: stage.rawValue,
                message: stage == .failed ? "Gelato reports the order \(status)." : nil, externalID: orderId, tracking: tracking)
        case Self.trackingUpdated:
            let tracking = DeliveryTracking(carrier: shipmentMethodName, number: trackingCode, url: trackingUrl)
            guard !tracking.isEmpty else { throw .malformed("The Gelato tracking event names no trackingCode or trackingUrl.") }
            return DestinationReport(
                orderID: orderReferenceId, destinationID: destinationID, eventID: id, stage: PrintLabStage.shipped.rawValue,
                externalID: orderId, tracking: tracking)
        default:
            throw .malformed("\"\(event)\" is not a Gelato event this service reads (\(Self.statusUpdated), \(Self.trackingUpdated)).")
        }
    }
}
