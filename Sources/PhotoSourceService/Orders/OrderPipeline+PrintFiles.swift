import Foundation
import PhotoSourceKit

extension OrderPipeline {
    /// `asset` with the line's print files (``PrintFileStage``) when any of the order's
    /// destinations asks for print files; unchanged otherwise. A print file the renderer cannot
    /// make (a photo it refuses, a byte limit no quality meets) fails only for the destinations
    /// that asked for it (``MaterialisedAsset/printFailures``): the line stays materialised for
    /// the others. Retryable errors (a full disk) and cancellation are thrown, as for originals.
    func addingPrintFiles(
        to asset: MaterialisedAsset, line: OrderRecord.Item, of order: OrderRecord, original: AssetStore.StoredAsset, product: Product
    ) async throws -> MaterialisedAsset {
        let variants = PrintFileStage.variants(for: order.deliveries.map(\.destinationID), in: dependencies.configuration)
        guard !variants.isEmpty else { return asset }
        var asset = asset
        var files: [PrintFileAsset] = []
        var failures: [PrintFileFailure] = []
        let stage = PrintFileStage(assets: assets)
        for variant in variants {
            do {
                files += try await stage.render(original: original, layout: line.layout, product: product, fileName: asset.fileName, variants: [variant])
            } catch let error where error is CancellationError || Self.isRetryable(error) {
                throw error
            } catch {
                let failure = Self.failure(error)
                failures.append(PrintFileFailure(
                    destinations: variant.destinations, code: failure.code, message: "The print file could not be made: \(failure.message)"))
            }
        }
        asset.printFiles = files.isEmpty ? nil : files
        asset.printFailures = failures.isEmpty ? nil : failures
        return asset
    }

    /// A materialised line as `destination` sees it: the print file recorded for it in place of
    /// the original (file, name, hashes, size, pixel size, asset URL), else the original; `nil`
    /// when the line is not materialised or its print file for `destination` could not be made.
    func deliverable(_ line: OrderRecord.Item, for destination: String) -> DeliverableAsset? {
        guard line.asset?.printFailure(for: destination) == nil, var deliverable = deliverable(line) else { return nil }
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

    /// The materialised lines whose print file for `destination` could not be made, as that
    /// destination's failed item results.
    func printFailures(of order: OrderRecord, for destination: String) -> [ItemDeliveryResult] {
        order.items.compactMap { line in
            guard line.state == .materialised, let failure = line.asset?.printFailure(for: destination) else { return nil }
            return ItemDeliveryResult(index: line.index, delivered: false, errorCode: failure.code, message: failure.message)
        }
    }
}
