import Foundation
import PhotoSourceKit

/// `GET /v1/orders/{id}` (and `DELETE`): the order with each line (its fitness a
/// ``FitnessResponse``) and each destination (a ``DeliveryResponse``, as webhooks send it).
///
/// A whole-album line has `scope` and no `itemId`; once listed it is `expanded` with the number
/// of `photos` it became, each of them a line of its own after the order's lines with `itemId`,
/// the same `scope` and `expandedFrom` (the album line's index).
struct OrderResponse: Encodable {
    struct Item: Encodable {
        let index: Int
        let source: String
        let itemId: String?
        let scope: String?
        let expandedFrom: Int?
        let photos: Int?
        let copies: Int
        let product: String
        let state: String
        let errorCode: String?
        let message: String?
        let warnings: [String]
        let fileName: String?
        let contentType: String?
        let byteCount: Int64?
        let md5: String?
        let sha256: String?
        let pixelWidth: Int?
        let pixelHeight: Int?
        let fitness: FitnessResponse?
        let crop: OrderLineLayout.Crop?
        let sizing: String
        let rotation: Int
        let attributes: [String: String]?
        /// The print files rendered for the line, with the destinations each goes to; left out when none asked.
        let printFiles: [PrintFileAsset]?
        /// The print files that could not be made, with the destinations that fail the line for it; left out when none.
        let printFailures: [PrintFileFailure]?
    }

    let id: String
    let reference: String
    let product: String
    let status: String
    let createdAt: String
    let updatedAt: String
    let items: [Item]
    let destinations: [DeliveryResponse]
    let recipient: OrderRecipient?
    let shippingMethod: String?

    init(_ order: OrderRecord) {
        id = order.id
        reference = order.reference
        product = order.product
        status = order.status.rawValue
        createdAt = order.createdAt.formatted(.iso8601)
        updatedAt = order.updatedAt.formatted(.iso8601)
        let photos = Dictionary(grouping: order.items.compactMap(\.expandedFrom), by: { $0 }).mapValues(\.count)
        items = order.items.map { line in
            let asset = line.asset
            return Item(
                index: line.index, source: line.source, itemId: line.isWholeAlbum ? nil : line.itemID, scope: line.scope,
                expandedFrom: line.expandedFrom, photos: line.isWholeAlbum ? photos[line.index] ?? 0 : nil,
                copies: line.copies, product: line.product,
                state: line.state.rawValue, errorCode: line.errorCode, message: line.errorMessage, warnings: asset?.warnings ?? [],
                fileName: asset?.fileName, contentType: asset?.contentType, byteCount: asset?.byteCount, md5: asset?.md5,
                sha256: asset?.sha256, pixelWidth: asset?.pixelWidth, pixelHeight: asset?.pixelHeight,
                fitness: FitnessResponse(dpi: asset?.dpi, verdict: asset?.verdict), crop: line.layout.crop,
                sizing: line.layout.sizing.rawValue, rotation: line.layout.rotation,
                attributes: line.layout.attributes.isEmpty ? nil : line.layout.attributes, printFiles: asset?.printFiles,
                printFailures: asset?.printFailures)
        }
        destinations = order.deliveries.map(DeliveryResponse.init)
        recipient = order.recipient
        shippingMethod = order.shippingMethod
    }
}

/// `POST /v1/orders`: what was made (201) or replayed (200). A new order's `warnings` name each
/// line that will print below its product's minimum, judged where the source knows the photo's
/// size on what will print (the crop, turned, on the line's product): the warning reaches the
/// checkout before the photo is fetched. Left out when there is none.
struct OrderCreatedResponse: Encodable {
    let id: String
    let status: String
    var warnings: [OrderLineWarning]? = nil
}

/// A line that will print at low resolution, as known when the order is accepted (from the source's listing).
struct OrderLineWarning: Encodable {
    let index: Int
    let code: String
    let fitness: FitnessResponse

    /// The warning for line `index` with `fitness`, or `nil` when it is not low.
    init?(index: Int, fitness: (dpi: Int, verdict: PrintFitness.Verdict)) {
        guard fitness.verdict == .low else { return nil }
        self.index = index
        code = "lowResolution"
        self.fitness = FitnessResponse(dpi: fitness.dpi, verdict: fitness.verdict)
    }
}
