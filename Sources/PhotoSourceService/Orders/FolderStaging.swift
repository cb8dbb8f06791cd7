import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit
import Synchronization

/// The photos a folder destination copied into an order's hidden staging folder while the order
/// was still being fetched (``FolderDestination/prepare(_:orderID:)``), so that the delivery
/// only has to flush them: the copying overlaps the downloads instead of following them.
///
/// A staged copy is trusted only by the process that made it, only once it completed, and only
/// while its size still matches: the staging folder's name carries this process's token, and the
/// record of completed copies lives in memory. Whatever a killed process staged is removed by
/// the order's next delivery attempt, like its partial folders; an order cancelled while it was
/// fetched has its folder removed when the fetching stops (``FolderDestination/discardPrepared(orderID:)``),
/// and any staging folder left a day is swept.
final class FolderStaging: Sendable {
    /// This process's mark on its staging folders.
    let token = UUID().uuidString
    /// Per order: when it was last staged into, and the byte count of each completed copy by file name.
    private let copies = Mutex<[String: (touched: Date, files: [String: Int64])]>([:])

    /// How long a staging folder or record no delivery claimed is kept.
    static let abandonedAfter: TimeInterval = 24 * 3600

    /// The staging folder's name for `orderID`: hidden, beside the order's final folder.
    func folderName(orderID: String) -> String { ".\(orderID).staging-\(token)" }

    /// Copies `asset` into the order's staging folder under `root` (writeback started, not
    /// awaited) and records it. A copy already made is kept; a failure leaves nothing recorded
    /// (the delivery copies that photo itself) and is thrown for the log.
    func stage(_ asset: DeliverableAsset, orderID: String, root: URL, copyMethod: DeliveryCopy.Method) throws {
        let known = copies.withLock { state -> Bool in
            let now = Date()
            state = state.filter { now.timeIntervalSince($0.value.touched) < Self.abandonedAfter }
            return state[orderID]?.files[asset.fileName] == asset.byteCount
        }
        if known { return }
        // 0755 whatever the umask, as the partial folder it stands for: the shop's software may run as another user.
        let folder = root.appendingPathComponent(folderName(orderID: orderID), isDirectory: true)
        try AtomicFile.makeDirectory(folder)
        let target = folder.appendingPathComponent(asset.fileName)
        unlink(target.path)  // what an earlier, failed attempt in this process left
        // Not flushed here: the delivery flushes every photo before the folder gets its name.
        var started = WritebackQueue(window: .max)
        try DeliveryCopy.copy(asset.file, to: target, permissions: 0o444, method: copyMethod, flushes: &started)
        copies.withLock { state in
            state[orderID, default: (Date(), [:])].files[asset.fileName] = asset.byteCount
            state[orderID]?.touched = Date()
        }
    }

    /// The completed copies of `orderID` (file name → byte count), forgotten here: a delivery
    /// claims them once.
    func claim(orderID: String) -> [String: Int64] {
        copies.withLock { $0.removeValue(forKey: orderID)?.files ?? [:] }
    }

    /// Whether `name` (an entry of the orders folder) is a staging folder no delivery can claim
    /// any more: another process's for `orderID`, or anyone's older than ``abandonedAfter``.
    func isAbandoned(_ name: String, in root: URL, orderID: String) -> Bool {
        guard name.hasPrefix("."), name.contains(".staging-") else { return false }
        if name.hasPrefix(".\(orderID).staging-") { return name != folderName(orderID: orderID) }
        let modified = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path))?[.modificationDate] as? Date
        return modified.map { Date().timeIntervalSince($0) >= Self.abandonedAfter } ?? false
    }
}
