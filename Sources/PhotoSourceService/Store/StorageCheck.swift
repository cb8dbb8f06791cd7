public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a readiness check (`GET /v1/ready`) found about one place the service writes: the store
/// or the asset store. Its words name no path: the endpoint needs no credentials.
public struct StorageCheck: Sendable, Hashable, Codable {
    /// The outcome.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Writable, with room.
        case ok
        /// No room left (or almost none): writes would fail with `storage-full`.
        case full
        /// It cannot be used for another reason (closed, not writable, failing reads).
        case failing
    }

    /// The outcome.
    public var status: Status
    /// A sentence for the operator when the status is not ``Status/ok``.
    public var detail: String?

    /// A check with `status` and `detail`.
    public init(_ status: Status, _ detail: String? = nil) {
        self.status = status
        self.detail = detail
    }

    /// Everything is fine.
    public static let ok = StorageCheck(.ok)

    /// Below this many free bytes a file system counts as full: a write of an order's originals,
    /// or SQLite's next WAL frames, would not fit.
    static let minimumFreeBytes: Int64 = 1 << 20

    /// ``Status/full`` when the file system holding `folder` has less than
    /// ``minimumFreeBytes`` free for unprivileged writers, else `nil` (also when it cannot tell).
    static func freeSpace(at folder: URL) -> StorageCheck? {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return nil }
        let free = Int64(info.f_bavail) * Int64(info.f_frsize)
        guard free < minimumFreeBytes else { return nil }
        return StorageCheck(.full, "the disk is full (\(free / 1024) KiB free)")
    }
}
