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
        try await NIOThreadPool.singleton.runIfActive {
            // Already there: an earlier run renamed it into place, then died before it was recorded.
            if FileManager.default.fileExists(atPath: final.appendingPathComponent("manifest.json").path) { return }
            do {
                try Self.write(delivery, into: root, final: final, copyMethod: copyMethod)
            } catch {
                // The customer sees the order line's message: the reason, never the server's paths.
                throw FileSystemFailure.describe(error, doing: "write the order into", "the order folder")
            }
        }
        try await progress(delivery.assets.sorted(by: { $0.index < $1.index }).map { ItemDeliveryResult(index: $0.index, delivered: true) })
        return .delivered
    }

    /// Fills `.<order>.partial-<random>` beside `final`, then renames it to `final`.
    private static func write(_ delivery: OrderDelivery, into root: URL, final: URL, copyMethod: DeliveryCopy.Method) throws {
        try AtomicFile.makeDirectory(root)
        let prefix = ".\(delivery.orderID).partial-"
        // What an earlier, interrupted attempt left.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        let temp = root.appendingPathComponent(prefix + UUID().uuidString, isDirectory: true)
        try AtomicFile.makeDirectory(temp)
        do {
            try copyPhotos(delivery.assets, into: temp, copyMethod: copyMethod)
            try AtomicFile.write(try OrderManifest(delivery).encoded(), to: temp.appendingPathComponent("manifest.json"))
            // The folder's own entries (the photos' names) on disk before it gets its final name.
            try Self.flushFolder(temp)
            guard rename(temp.path, final.path) == 0 else {
                let code = errno
                if FileManager.default.fileExists(atPath: final.appendingPathComponent("manifest.json").path) {
                    try? FileManager.default.removeItem(at: temp)
                    return  // another run got there first
                }
                throw PhotoSourceError.fileSystem(errno: code, "Could not move the order into \(final.path).")
            }
            // The rename itself on disk before the pipeline records the delivery.
            try Self.flushFolder(root)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// How many copied photos may wait for their flush (``WritebackQueue``), over all copying
    /// threads: enough for the disk to be kept busy, few enough open files for any order size.
    static let flushWindow = 32

    /// Copies the photos into `folder` on up to one thread per core (a copy on a file system
    /// that cannot clone is the kernel's memcpy: one core copies about 1.3 GB/s here), each
    /// thread flushing its own through a ``WritebackQueue``; every photo is on disk when it
    /// returns. The first failure stops the other threads before their next photo and is thrown.
    private static func copyPhotos(_ assets: [DeliverableAsset], into folder: URL, copyMethod: DeliveryCopy.Method) throws {
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, assets.count))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                var flushes = WritebackQueue(window: max(1, flushWindow / threads))
                for index in stride(from: thread, to: assets.count, by: threads) {
                    guard failure.withLock({ $0 == nil }) else { return }
                    // A clone where the file system can, else a copy in the kernel (DeliveryCopy). Not
                    // the asset store's private 0400: the shop's print software may run as another
                    // user, so read-only for everyone, as before.
                    try DeliveryCopy.copy(
                        assets[index].file, to: folder.appendingPathComponent(assets[index].fileName), permissions: 0o444,
                        method: copyMethod, flushes: &flushes)
                }
                try flushes.flushAll()
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `fsync` of a folder: its entries on disk.
    private static func flushFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not open \(folder.path).") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush \(folder.path) to disk.") }
    }
}
