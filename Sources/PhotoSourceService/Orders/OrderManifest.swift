import Foundation

/// `manifest.json` of a delivered order folder: what a lab or a person needs to print it.
struct OrderManifest: Codable, Sendable, Hashable {
    /// One file of the order.
    struct Item: Codable, Sendable, Hashable {
        var index: Int
        var file: String
        var source: String
        var itemId: String
        var copies: Int
        var product: String
        var contentType: String
        var byteCount: Int64
        var md5: String
        var sha256: String
        var pixelWidth: Int
        var pixelHeight: Int
        /// The photo's fitness for the product, the object `GET /v1/orders/{id}` shows for the line.
        var fitness: FitnessResponse?
        var warnings: [String]
        /// How the print file was made, when the destination asked for print files (the fields
        /// above then describe the print file, not the original).
        var print: Print?

        init(_ asset: DeliverableAsset) {
            index = asset.index
            file = asset.fileName
            source = asset.source
            itemId = asset.itemID
            copies = asset.copies
            product = asset.product
            contentType = asset.contentType
            byteCount = asset.byteCount
            md5 = asset.md5
            sha256 = asset.sha256
            pixelWidth = asset.pixelWidth
            pixelHeight = asset.pixelHeight
            fitness = FitnessResponse(dpi: asset.dpi, verdict: asset.verdict)
            warnings = asset.warnings
            print = asset.printFile.map(Print.init)
        }
    }

    /// A print file's making: its resolution, bleed, JPEG quality and where its colours came from.
    struct Print: Codable, Sendable, Hashable {
        var effectiveDPI: Int
        var bleedPixels: Int
        var quality: Int
        var colourSource: String

        init(_ file: PrintFileAsset) {
            effectiveDPI = file.effectiveDPI
            bleedPixels = file.bleedPixels
            quality = file.quality
            colourSource = file.colourSource
        }
    }

    var orderId: String
    var reference: String
    var items: [Item]

    init(_ delivery: OrderDelivery) {
        orderId = delivery.orderID
        reference = delivery.reference
        items = delivery.assets.sorted { $0.index < $1.index }.map(Item.init)
    }

    /// Pretty-printed JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
