import Crypto
import Foundation
@testable import PhotoSourceService

/// Asset files with random bytes in a temporary folder, described as the pipeline would.
struct TestAssets {
    let folder: URL
    private(set) var assets: [DeliverableAsset]

    /// `count` files of `bytes` bytes each (different content per file).
    init(count: Int, bytes: Int = 200_000, product: String = "4x6", assetURL: ((Int) -> URL)? = nil) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("order-assets-\(UUID().uuidString)")
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        assets = try (0..<count).map { index in
            let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let file = folder.appendingPathComponent("asset-\(index).jpg")
            try data.write(to: file)
            return DeliverableAsset(
                index: index, source: "library", itemID: "item-\(index)", copies: index + 1, product: product,
                fileName: String(format: "%03d-photo \"%d\".jpg", index, index), contentType: "image/jpeg", file: file,
                byteCount: Int64(data.count), md5: Self.md5(data), sha256: SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined(),
                pixelWidth: 1800, pixelHeight: 1200, assetURL: assetURL?(index))
        }
    }

    /// A delivery of every asset.
    func delivery(acknowledged: Set<Int> = [], key: String = "ord_test-dest") -> OrderDelivery {
        OrderDelivery(orderID: "ord_test", reference: "shop-42", assets: assets, acknowledged: acknowledged, idempotencyKey: key)
    }

    /// The same files with `assetURL` set per index (once a server's port is known).
    func withOriginals(_ url: (Int) -> URL) -> TestAssets {
        var copy = self
        for position in copy.assets.indices { copy.assets[position].assetURL = url(copy.assets[position].index) }
        return copy
    }

    /// The bytes of asset `index`.
    func bytes(_ index: Int) throws -> Data { try Data(contentsOf: assets[index].file) }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    static func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }
}

/// An ``OrderStatusSink`` that keeps each event id once, as the pipeline's does, and counts repeats.
final class RecordingSink: OrderStatusSink {
    let applied = Shared<[DestinationReport]>([])
    let repeats = Shared(0)

    func destinationReported(_ report: DestinationReport) async throws -> DestinationReportOutcome {
        let isNew = applied.update { reports -> Bool in
            guard !reports.contains(where: { $0.eventID == report.eventID }) else { return false }
            reports.append(report)
            return true
        }
        if !isNew { repeats.update { $0 += 1 } }
        return isNew ? .applied : .duplicate
    }

    /// The applied stages, in order.
    var stages: [String] { applied.value.map(\.stage) }
}

/// Collects ``ItemDeliveryResult``s reported through `progress`.
final class ProgressLog: Sendable {
    let results = Shared<[ItemDeliveryResult]>([])

    var progress: @Sendable ([ItemDeliveryResult]) async throws -> Void {
        { [results] reported in results.update { $0.append(contentsOf: reported) } }
    }

    var byIndex: [Int: ItemDeliveryResult] { Dictionary(results.value.map { ($0.index, $0) }, uniquingKeysWith: { $1 }) }
}
