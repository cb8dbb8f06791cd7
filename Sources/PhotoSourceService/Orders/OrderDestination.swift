public import Foundation

/// A place an order's materialised originals go: a folder, an HTTP upload endpoint, a print lab.
///
/// The order pipeline calls ``deliver(_:progress:)`` from a durable job that may run again after a
/// crash or a failed attempt, so a destination must be idempotent: what it already acknowledged is
/// listed in ``OrderDelivery/acknowledged`` and must not be sent twice, and a repeat of a whole
/// delivery uses the same ``OrderDelivery/idempotencyKey``.
public protocol OrderDestination: Sendable {
    /// The configured id (for example `folder` or `lab-main`), unique in the configuration.
    var id: String { get }
    /// The kind, as written in the configuration (`folder`, `httpUpload`, `printLab`).
    var kind: String { get }
    /// Delivers the assets of `delivery` that are not yet acknowledged, reporting each item as it
    /// lands (or fails alone) through `progress`, which the pipeline persists before it returns:
    /// items that land together (a folder, a lab's one order) in one call, which is one write
    /// to the store however many items the call holds.
    ///
    /// Throws only when the whole attempt failed and trying again later may help (the endpoint is
    /// down, answers 5xx); the pipeline then retries with backoff.
    func deliver(
        _ delivery: OrderDelivery, progress: @escaping @Sendable ([ItemDeliveryResult]) async throws -> Void
    ) async throws -> DeliveryOutcome
}

/// One delivery attempt of an order to one destination.
public struct OrderDelivery: Sendable, Hashable {
    /// The order's id.
    public var orderID: String
    /// The shop's own reference for the order.
    public var reference: String
    /// Every materialised asset of the order (failed items are not here).
    public var assets: [DeliverableAsset]
    /// Indexes (``DeliverableAsset/index``) the destination already acknowledged in earlier attempts.
    public var acknowledged: Set<Int>
    /// Stable for this order and destination across attempts (a lab's idempotency key).
    public var idempotencyKey: String
    /// Who receives the prints, when the order named someone (else a lab sends its configured recipient).
    public var recipient: OrderRecipient?
    /// The shipping method the order asked for (else a lab sends its configured one).
    public var shippingMethod: String?

    /// Creates a delivery.
    public init(
        orderID: String, reference: String, assets: [DeliverableAsset], acknowledged: Set<Int>, idempotencyKey: String,
        recipient: OrderRecipient? = nil, shippingMethod: String? = nil
    ) {
        self.orderID = orderID
        self.reference = reference
        self.assets = assets
        self.acknowledged = acknowledged
        self.idempotencyKey = idempotencyKey
        self.recipient = recipient
        self.shippingMethod = shippingMethod
    }
}

/// A materialised original: a verified file in the asset store and what is known of it.
public struct DeliverableAsset: Sendable, Hashable, Codable {
    /// The item's position in the order, from 0.
    public var index: Int
    /// The source id the item came from.
    public var source: String
    /// The item's id in its source.
    public var itemID: String
    /// How many prints.
    public var copies: Int
    /// The product id the item is printed as.
    public var product: String
    /// A file name for the destination (for example `003-IMG_0042.jpg`): unique in the order, safe on any file system.
    public var fileName: String
    /// `image/jpeg` or `image/png`.
    public var contentType: String
    /// The asset store file, read-only (content-addressed by SHA-256).
    public var file: URL
    /// Its size in bytes.
    public var byteCount: Int64
    /// MD5 of the bytes, lowercase hex (print labs compare it).
    public var md5: String
    /// SHA-256 of the bytes, lowercase hex.
    public var sha256: String
    /// Pixel width.
    public var pixelWidth: Int
    /// Pixel height.
    public var pixelHeight: Int
    /// The effective dpi on the product in whole dots per inch, rounded down (``PrintFitness``'s
    /// one rounding: the number ``verdict`` was judged on), when known.
    public var dpi: Double?
    /// The `PrintFitness` verdict's raw value (`good`, `acceptable`, `low`), when known.
    public var verdict: String?
    /// Warnings kept with the item, such as `lowResolution`.
    public var warnings: [String]
    /// A signed asset URL of this service (`/v1/assets/…`, the bytes above, valid for
    /// ``OrderSettings/assetURLLifetimeSeconds``), for destinations that fetch assets later.
    public var assetURL: URL?
    /// How the line's photo becomes the print (crop, sizing, rotation, the lab's attributes).
    public var layout: OrderLineLayout
    /// The print file this is, when the destination asked for print files (``DestinationFileSettings``); `nil` for an original.
    public var printFile: PrintFileAsset?

    /// Creates an asset record.
    public init(
        index: Int, source: String, itemID: String, copies: Int, product: String, fileName: String, contentType: String,
        file: URL, byteCount: Int64, md5: String, sha256: String, pixelWidth: Int, pixelHeight: Int,
        dpi: Double? = nil, verdict: String? = nil, warnings: [String] = [], assetURL: URL? = nil, layout: OrderLineLayout = OrderLineLayout(),
        printFile: PrintFileAsset? = nil
    ) {
        self.index = index
        self.source = source
        self.itemID = itemID
        self.copies = copies
        self.product = product
        self.fileName = fileName
        self.contentType = contentType
        self.file = file
        self.byteCount = byteCount
        self.md5 = md5
        self.sha256 = sha256
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.dpi = dpi
        self.verdict = verdict
        self.warnings = warnings
        self.assetURL = assetURL
        self.layout = layout
        self.printFile = printFile
    }
}

/// What became of one item at one destination.
public struct ItemDeliveryResult: Sendable, Hashable {
    /// The item's ``DeliverableAsset/index``.
    public var index: Int
    /// `true` once the destination acknowledged it.
    public var delivered: Bool
    /// When it failed alone: a stable ``PhotoSourceError``-style code (`connection`, `invalid-data`…).
    public var errorCode: String?
    /// When it failed: a sentence for the shop.
    public var message: String?

    /// Creates a result.
    public init(index: Int, delivered: Bool, errorCode: String? = nil, message: String? = nil) {
        self.index = index
        self.delivered = delivered
        self.errorCode = errorCode
        self.message = message
    }
}

/// How a delivery attempt ended.
public enum DeliveryOutcome: Sendable, Hashable {
    /// Every asset was acknowledged.
    case delivered
    /// Some assets were acknowledged, the others failed alone (their results say why).
    case partiallyDelivered
    /// Nothing was delivered, for a reason retrying will not change.
    case failed(code: String, message: String)
    /// The destination accepted the order and will report later (a print lab fetching assets on its
    /// own schedule); its callbacks reach the pipeline through ``OrderStatusSink``.
    case accepted(externalID: String)
}

/// Where a destination's later news (a print lab's signed status callbacks) goes; the order
/// pipeline implements it (``OrderStatusRecorder``): each report is matched to the order and to
/// the destination's own id for it, applied once (``DestinationReport/eventID``), and only when
/// its stage moves the delivery forward.
public protocol OrderStatusSink: Sendable {
    /// Records a verified report and says what became of it. Reporting the same `eventID` again changes nothing.
    func destinationReported(_ report: DestinationReport) async throws -> DestinationReportOutcome
}

/// A verified status report from a destination about an order.
public struct DestinationReport: Sendable, Hashable, Codable {
    /// The order's id (the lab echoes our merchant reference or order id).
    public var orderID: String
    /// The destination that reports.
    public var destinationID: String
    /// The destination's id for this event, for de-duplication.
    public var eventID: String
    /// `received`, `downloaded`, `printed`, `shipped` or `failed` (``PrintLabStage``).
    public var stage: String
    /// A sentence from the destination, when it sent one (for example an MD5 mismatch).
    public var message: String?
    /// The destination's own id for the order (a lab's order id), which must be the one it
    /// answered with when it accepted ours (``DeliveryOutcome/accepted(externalID:)``).
    public var externalID: String?
    /// The parcel's tracking, when the destination reported it (a lab's `shipped` callback).
    public var tracking: DeliveryTracking?

    /// Creates a report.
    public init(
        orderID: String, destinationID: String, eventID: String, stage: String, message: String? = nil, externalID: String? = nil,
        tracking: DeliveryTracking? = nil
    ) {
        self.orderID = orderID
        self.destinationID = destinationID
        self.eventID = eventID
        self.stage = stage
        self.message = message
        self.externalID = externalID
        self.tracking = tracking
    }
}
