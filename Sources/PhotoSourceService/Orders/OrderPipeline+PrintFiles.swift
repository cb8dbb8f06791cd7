import Foundation
import PhotoSourceKit

extension OrderPipeline {
    /// `asset` with the line's print files (``PrintFileStage``) when any of the order's
    /// destinations asks for print files; unchanged otherwise.
    func addingPrintFiles(
        to asset: MaterialisedAsset, line: OrderRecord.Item, of order: OrderRecord, original: AssetStore.StoredAsset, product: Product
    ) async throws -> MaterialisedAsset {
        let variants = PrintFileStage.variants(for: order.deliveries.map(\.destinationID), in: dependencies.configuration)
        guard !variants.isEmpty else { return asset }
        var asset = asset
        asset.printFiles = try await PrintFileStage(assets: assets).render(
            original: original, layout: line.layout, product: product, fileName: asset.fileName, variants: variants)
        return asset
    }

    /// A materialised line as `destination` sees it: the print file recorded for it in place of
    /// the original (file, name, hashes, size, pixel size, asset URL), else the original.
    func deliverable(_ line: OrderRecord.Item, for destination: String) -> DeliverableAsset? {
        guard var deliverable = deliverable(line) else { return nil }
        guard let print = line.asset?.printFile(for: destination) else { return deliverable }
        let type = PrintFileAsset.contentType
        deliverable.fileName = print.fileName
        deliverable.contentType = type
        deliverable.file = assets.file(sha256: print.sha256, contentType: type)
        deliverable.byteCount = print.byteCount
        deliverable.md5 = print.md5
        deliverable.sha256 = print.sha256
        deliverable.pixelWidth = print.pixelWidth
        deliverable.pixelHeight = print.pixelHeight
        deliverable.assetURL = dependencies.assetURL(sha256: print.sha256, md5: print.md5, contentType: type, now: dependencies.now())
        deliverable.printFile = print
        return deliverable
    }
}
