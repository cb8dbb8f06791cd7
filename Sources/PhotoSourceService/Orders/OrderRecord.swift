public import Foundation

/// An order as the store keeps it: its lines with what materialising found, and one delivery
/// per destination with what each destination acknowledged.
public struct OrderRecord: Sendable, Hashable {
    /// One line of the order.
    public struct Item: Sendable, Hashable {
        /// Where a line stands.
        public enum State: String, Sendable, Hashable, Codable {
            /// Not fetched yet.
            case pending
            /// In the asset store, verified.
            case materialised
            /// Failed alone (its ``errorCode`` says why); the other lines go on.
            case failed
            /// The order was cancelled before it was fetched.
            case cancelled
            /// A whole-album line whose photos are now lines of their own (``expandedFrom`` names it).
            case expanded
        }

        /// The position in the order, from 0.
        public var index: Int
        /// The source id.
        public var source: String
        /// The item's id in its source; empty on a whole-album line.
        public var itemID: String
        /// The album's id (the scope id `GET /v1/sources/{id}/items?scope=` takes) on a whole-album
        /// line and on the lines its photos became; `nil` on a line that named one photo.
        public var scope: String?
        /// On a line a whole album's photo became: the index of that album's line; else `nil`.
        public var expandedFrom: Int?
        /// How many prints.
        public var copies: Int
        /// The product id.
        public var product: String
        /// Where it stands.
        public var state: State
        /// A stable ``PhotoSourceKit/PhotoSourceError`` code when it failed.
        public var errorCode: String?
        /// A sentence when it failed.
        public var errorMessage: String?
        /// What materialising found, once it is materialised.
        public var asset: MaterialisedAsset?
        /// How the photo becomes the print: crop, sizing, rotation and the lab's attributes.
        public var layout: OrderLineLayout

        /// Whether the line names a whole album (to be listed into lines when the order is materialised).
        public var isWholeAlbum: Bool { scope != nil && expandedFrom == nil }

        /// Creates a line: one photo (`itemID`), a whole album (`scope`, `itemID` empty), or a
        /// photo that album's line became (`scope` and `expandedFrom` both set).
        public init(
            index: Int, source: String, itemID: String, scope: String? = nil, expandedFrom: Int? = nil, copies: Int, product: String,
            state: State = .pending, errorCode: String? = nil, errorMessage: String? = nil, asset: MaterialisedAsset? = nil,
            layout: OrderLineLayout = OrderLineLayout()
        ) {
            self.index = index
            self.source = source
            self.itemID = itemID
            self.scope = scope
            self.expandedFrom = expandedFrom
            self.copies = copies
            self.product = product
            self.state = state
            self.errorCode = errorCode
            self.errorMessage = errorMessage
            self.asset = asset
            self.layout = layout
        }
    }

    /// The order's delivery to one destination.
    public struct Delivery: Sendable, Hashable {
        /// The destination's configured id.
        public var destinationID: String
        /// Its kind (`folder`, `httpUpload`, `printLab`).
        public var kind: String
        /// Where it stands.
        public var state: DeliveryState
        /// The destination's last reported stage (`received`, `downloaded`, `printed`, `shipped`).
        public var stage: String?
        /// The destination's own id for the order, when it gave one.
        public var externalID: String?
        /// A stable code when it failed.
        public var errorCode: String?
        /// A sentence when it failed.
        public var errorMessage: String?
        /// What became of each item there, by index.
        public var items: [ItemDeliveryResult]
        /// The parcel's tracking, once the destination reported it.
        public var tracking: DeliveryTracking?
        /// What the destination answered when the order was cancelled, if it was asked.
        public var cancellation: DeliveryCancellation?
        /// Something a person must look at, such as `shippedAfterCancel` (a lab shipped an order it had confirmed cancelled).
        public var alert: String?

        /// Creates a pending delivery.
        public init(
            destinationID: String, kind: String, state: DeliveryState = .pending, stage: String? = nil, externalID: String? = nil,
            errorCode: String? = nil, errorMessage: String? = nil, items: [ItemDeliveryResult] = []
        ) {
            self.destinationID = destinationID
            self.kind = kind
            self.state = state
            self.stage = stage
            self.externalID = externalID
            self.errorCode = errorCode
            self.errorMessage = errorMessage
            self.items = items
        }
    }

    /// The order's id (`ord_…`).
    public var id: String
    /// Who may see it: a customer session's id, or `api` for orders the shop's backend made.
    public var owner: String
    /// The customer session whose sign-ins fetch the originals, when there is one.
    public var session: String?
    /// The `Idempotency-Key` it was made with.
    public var idempotencyKey: String
    /// A hash of the request it was made from (a replay with another body is refused).
    public var requestHash: String
    /// The shop's reference.
    public var reference: String
    /// The order's product (lines may name their own).
    public var product: String
    /// Where it stands.
    public var status: OrderStatus
    /// When it was accepted.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Its lines, by index.
    public var items: [Item]
    /// One per destination.
    public var deliveries: [Delivery]
    /// Who receives the prints, when the order named someone (else each lab's configured
    /// recipient); `nil` again once the order's personal data was erased.
    public var recipient: OrderRecipient?
    /// The shipping method the order asked for, when it asked (else each lab's configured one).
    public var shippingMethod: String?

    /// Creates an order record.
    public init(
        id: String, owner: String, session: String?, idempotencyKey: String, requestHash: String, reference: String,
        product: String, status: OrderStatus = .accepted, createdAt: Date, updatedAt: Date, items: [Item], deliveries: [Delivery],
        recipient: OrderRecipient? = nil, shippingMethod: String? = nil
    ) {
        self.id = id
        self.owner = owner
        self.session = session
        self.idempotencyKey = idempotencyKey
        self.requestHash = requestHash
        self.reference = reference
        self.product = product
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.items = items
        self.deliveries = deliveries
        self.recipient = recipient
        self.shippingMethod = shippingMethod
    }
}
