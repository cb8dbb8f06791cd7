public import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOPosix
import PhotoSourceKit
import Synchronization

/// Delivers an order as a folder: `<root>/<order-id>/` holding the byte-identical originals and
/// `manifest.json` (reference, items, MD5s, pixel sizes, fitness).
///
/// The folder appears whole or not at all: it is filled under a hidden temporary name beside
/// it and renamed. A second run (after a crash between the rename and the pipeline recording
/// it) finds the folder and reports it delivered without writing anything, so an order lands once.
public struct FolderDestination: OrderDestination {
    /// The kind's own settings in the configuration: `{"root": "/srv/orders"}`.
    public struct Settings: Codable, Sendable, Hashable {
        /// The folder orders are written under.
        public var root: String
    }

    public let id: String
    public let kind = "folder"
    /// The folder orders are written under.
    public let root: URL

    /// How the photos are copied (``DeliveryCopy``; tests force the fallback).
    let copyMethod: DeliveryCopy.Method
    /// The photos copied ahead of delivery, while their order was still being fetched.
    let staging = FolderStaging()

    /// A folder destination `id` writing under `root`.
    public init(id: String, root: URL) {
        self.init(id: id, root: root, copyMethod: .fastest)
    }

    /// A folder destination copying its photos with `copyMethod`.
    init(id: String, root: URL, copyMethod: DeliveryCopy.Method) {
        self.id = id
        self.root = root
        self.copyMethod = copyMethod
    }

    /// Builds one from its configuration entry (``OrderDestinationKinds``).
    public static func make(_ configuration: DestinationConfiguration, _ context: OrderDestinationContext) throws -> any OrderDestination {
        let settings = try configuration.settings(as: Settings.self)
        guard settings.root.hasPrefix("/") else {
            throw PhotoSourceError(.invalidData, "destinations: \"\(configuration.id)\" needs root, an absolute folder path.")
        }
        return FolderDestination(id: configuration.id, root: URL(fileURLWithPath: settings.root, isDirectory: true))
    }

    public func deliver(
        _ delivery: OrderDelivery, progress: @escaping @Sendable ([ItemDeliveryResult]) async throws -> Void
    ) async throws -> DeliveryOutcome {
        let final = root.appendingPathComponent(delivery.orderID, isDirectory: true)
        let root = root
        let copyMethod = copyMethod
        let staging = staging
        try await NIOThreadPool.singleton.runIfActive {
            // Already there: an earlier run renamed it into place, then died before it was recorded.
            if FileManager.default.fileExists(atPath: final.appendingPathComponent("manifest.json").path) { return }
            do {
                try Self.write(delivery, into: root, final: final, copyMethod: copyMethod, staging: staging)
            } catch {
                // The customer sees the order line's message: the reason, never the server's paths.
                throw FileSystemFailure.describe(error, doing: "write the order into", "the order folder")
            }
        }
        try await progress(delivery.assets.sorted(by: { $0.index < $1.index }).map { ItemDeliveryResult(index: $0.index, delivered: true) })
        return .delivered
    }

    /// Copies a line's photo into the order's staging folder (``FolderStaging``) as soon as it is
    /// materialised, so the delivery finds it copied and only flushes it.
    func prepare(_ asset: DeliverableAsset, orderID: String) async throws {
        let (staging, root, copyMethod) = (staging, root, copyMethod)
        try await NIOThreadPool.singleton.runIfActive {
            try staging.stage(asset, orderID: orderID, root: root, copyMethod: copyMethod)
        }
    }
}

extension FolderDestination: PreparingOrderDestination {
    /// Removes the order's staging folder and forgets its copies.
    func discardPrepared(orderID: String) async {
        _ = staging.claim(orderID: orderID)
        let folder = root.appendingPathComponent(staging.folderName(orderID: orderID), isDirectory: true)
        try? await NIOThreadPool.singleton.runIfActive { try? FileManager.default.removeItem(at: folder) }
    }
}
