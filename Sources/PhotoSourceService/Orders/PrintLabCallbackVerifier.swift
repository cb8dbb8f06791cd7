public import Foundation
import PhotoSourceKit

/// Turns a print lab's status callback into a ``DestinationReport`` once its signature checks
/// out: `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under one of the
/// lab's shared secrets (``WebhookSigner``: constant-time comparison, timestamp tolerance, a key
/// list for rotation).
///
/// The body is in the destination's ``PrintLabFormat``: for `prodigi-v4` a Prodigi-style event,
/// `{"id": "evt_…", "type": "order.stage.changed", "time": "…", "data": {"order": {"id": "lab order",
/// "merchantReference": "our order id", "stage": "printed", "message": null}}}`; for `gelato-v4`
/// Gelato's webhook events (``GelatoCallback``: `order_status_updated`, `order_item_tracking_code_updated`).
public struct PrintLabCallbackVerifier: Sendable {

    /// The callback body.
    public struct Callback: Sendable, Hashable, Codable {
        /// The lab's event id (de-duplication).
        public var id: String
        /// `order.stage.changed`.
        public var type: String
        /// When it happened, as the lab wrote it.
        public var time: String?
        /// The event's payload.
        public var data: Payload

        /// `{"order": …}`.
        public struct Payload: Sendable, Hashable, Codable {
            /// The order the event is about.
            public var order: Order
        }

        /// The order's new state.
        public struct Order: Sendable, Hashable, Codable {
            /// The lab's order id: it must be the one the lab answered our order with.
            public var id: String
            /// Our order id (sent as the merchant reference).
            public var merchantReference: String
            /// One of ``PrintLabStage``'s raw values.
            public var stage: String
            /// A sentence from the lab, such as why an asset failed.
            public var message: String?
            /// The parcels, once shipped (Prodigi's `shipments`); the first with tracking is kept.
            public var shipments: [Shipment]?
        }

        /// One parcel: `{"carrier": {"name", "service"}, "tracking": {"number", "url"}}`.
        public struct Shipment: Sendable, Hashable, Codable {
            /// `{"name": "Royal Mail", "service": "Tracked 48"}`.
            public var carrier: Carrier?
            /// `{"number": "…", "url": "https://…"}`.
            public var tracking: Tracking?

            /// The carrier.
            public struct Carrier: Sendable, Hashable, Codable {
                /// The carrier's name.
                public var name: String?
                /// The carrier's service, if named.
                public var service: String?
            }

            /// The parcel's tracking.
            public struct Tracking: Sendable, Hashable, Codable {
                /// The tracking number.
                public var number: String?
                /// The carrier's tracking page.
                public var url: String?
            }

            /// As the service keeps it.
            var deliveryTracking: DeliveryTracking {
                DeliveryTracking(carrier: carrier?.name, number: tracking?.number, url: tracking?.url)
            }
        }
    }

    /// Why a callback is not applied.
    public enum Rejection: Error, Sendable, Hashable {
        /// The signature is missing, stale or wrong (401).
        case signature(WebhookSigner.Refusal)
        /// The signature is fine but the body is not a callback we understand (400).
        case malformed(String)
    }

    private let signer: WebhookSigner
    private let tolerance: Duration
    private let format: PrintLabFormat

    /// A verifier for a lab's `secrets` (the first is also what the lab signs with today),
    /// accepting timestamps within `tolerance` of now, reading bodies in `format`. Throws
    /// `.invalidData` for no or short secrets.
    public init(secrets: [String], tolerance: Duration = .seconds(300), format: PrintLabFormat = .prodigiV4) throws {
        signer = try WebhookSigner(secrets: secrets)
        self.tolerance = tolerance
        self.format = format
    }

    /// The report in a callback from destination `destinationID`, after checking `signature`
    /// over the raw `body`. Throws ``Rejection``; nothing is reported then.
    public func report(destinationID: String, signature: String?, body: Data, now: Date = Date()) throws(Rejection) -> DestinationReport {
        do {
            try signer.verify(header: signature, body: body, now: now, tolerance: tolerance)
        } catch {
            throw .signature(error)
        }
        switch format {
        case .prodigiV4: return try Self.prodigiReport(destinationID: destinationID, body: body)
        case .gelatoV4:
            guard let event = try? JSONDecoder().decode(GelatoCallback.self, from: body) else {
                throw .malformed("The callback body is not a Gelato event ({id, event, orderId, orderReferenceId, …}).")
            }
            return try event.report(destinationID: destinationID)
        }
    }

    /// The report in a Prodigi-style event.
    private static func prodigiReport(destinationID: String, body: Data) throws(Rejection) -> DestinationReport {
        guard let callback = try? JSONDecoder().decode(Callback.self, from: body) else {
            throw .malformed("The callback body is not a lab event ({id, type, data: {order: {id, merchantReference, stage}}}).")
        }
        let order = callback.data.order
        guard !callback.id.isEmpty, !order.merchantReference.isEmpty, !order.id.isEmpty else {
            throw .malformed("The callback has an empty event id, lab order id or merchant reference.")
        }
        guard let stage = PrintLabStage(rawValue: order.stage) else {
            let stages = PrintLabStage.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformed("\"\(order.stage)\" is not a stage (\(stages)).")
        }
        return DestinationReport(
            orderID: order.merchantReference, destinationID: destinationID, eventID: callback.id, stage: stage.rawValue,
            message: order.message, externalID: order.id,
            tracking: order.shipments?.lazy.map(\.deliveryTracking).first { !$0.isEmpty })
    }
}
