import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit
import Synchronization

extension FolderDestination {
    /// Fills the order's staging folder (what this process copied ahead, ``FolderStaging``) or a
    /// new `.<order>.partial-<random>` beside `final`, then renames it to `final`.
    static func write(
        _ delivery: OrderDelivery, into root: URL, final: URL, copyMethod: DeliveryCopy.Method, staging: FolderStaging
    ) throws {
        try AtomicFile.makeDirectory(root)
        let prefix = ".\(delivery.orderID).partial-"
        let staged = staging.claim(orderID: delivery.orderID)
        let stagingFolder = root.appendingPathComponent(staging.folderName(orderID: delivery.orderID), isDirectory: true)
        // What an earlier, interrupted attempt left, and staging folders no delivery can claim.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where name.hasPrefix(prefix) || staging.isAbandoned(name, in: root, orderID: delivery.orderID) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        let temp: URL
        if !staged.isEmpty, FileManager.default.fileExists(atPath: stagingFolder.path) {
            temp = stagingFolder
        } else {
            try? FileManager.default.removeItem(at: stagingFolder)
            temp = root.appendingPathComponent(prefix + UUID().uuidString, isDirectory: true)
            try AtomicFile.makeDirectory(temp)
        }
        do {
            // A line staged and then not delivered here (its print file failed) leaves no file.
            try removeStrays(in: temp, keeping: Set(delivery.assets.map(\.fileName)))
            try copyPhotos(delivery.assets, into: temp, staged: temp == stagingFolder ? staged : [:], copyMethod: copyMethod)
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
    /// thread flushing its own through a ``WritebackQueue``; a photo in `staged` (file name →
    /// byte count) whose file is there at that size is only flushed. Every photo is on disk when
    /// it returns. The first failure stops the other threads before their next photo and is thrown.
    private static func copyPhotos(
        _ assets: [DeliverableAsset], into folder: URL, staged: [String: Int64], copyMethod: DeliveryCopy.Method
    ) throws {
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, assets.count))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                var flushes = WritebackQueue(window: max(1, flushWindow / threads))
                for index in stride(from: thread, to: assets.count, by: threads) {
                    guard failure.withLock({ $0 == nil }) else { return }
                    let asset = assets[index]
                    let target = folder.appendingPathComponent(asset.fileName)
                    if staged[asset.fileName] == asset.byteCount, let copied = openStaged(target, byteCount: asset.byteCount) {
                        try flushes.add(copied, path: target.path)
                        continue
                    }
                    unlink(target.path)
                    // A clone where the file system can, else a copy in the kernel (DeliveryCopy). Not
                    // the asset store's private 0400: the shop's print software may run as another
                    // user, so read-only for everyone, as before.
                    try DeliveryCopy.copy(asset.file, to: target, permissions: 0o444, method: copyMethod, flushes: &flushes)
                }
                try flushes.flushAll()
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// A descriptor of the staged copy at `file` (for its flush) when it is there at `byteCount` bytes.
    private static func openStaged(_ file: URL, byteCount: Int64) -> Int32? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        if Int64(lseek(descriptor, 0, SEEK_END)) == byteCount { return descriptor }
        close(descriptor)
        return nil
    }

    /// Removes every entry of `folder` but the files named in `keeping`.
    private static func removeStrays(in folder: URL, keeping: Set<String>) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !keeping.contains(name) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// `fsync` of a folder: its entries on disk.
    private static func flushFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not open \(folder.path).") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush \(folder.path) to disk.") }
    }
}
