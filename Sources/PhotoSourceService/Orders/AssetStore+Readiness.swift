import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix
import PhotoSourceKit

extension AssetStore {
    /// Whether an asset can be written into the store at `root` now, for `GET /v1/ready`: a
    /// page written to a temporary file there (flushed, then deleted) and the file system's free
    /// space. A full disk is ``StorageCheck/Status/full``; anything else that fails, ``StorageCheck/Status/failing``.
    static func readiness(root: URL) async -> StorageCheck {
        (try? await NIOThreadPool.singleton.runIfActive { probe(root: root) }) ?? StorageCheck(.failing, "the check could not run")
    }

    private static func probe(root: URL) -> StorageCheck {
        do {
            let (fd, temp) = try AtomicFile.createTemporary(beside: root.appendingPathComponent("ready"), mode: PrivateDirectory.fileMode)
            defer {
                close(fd)
                AtomicFile.discardTemporary(temp)
            }
            let page = [UInt8](repeating: 0, count: 4096)
            let written = page.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            // A short write means there was no room for the rest.
            guard written == page.count else { throw PhotoSourceError.fileSystem(errno: written < 0 ? errno : ENOSPC, "Could not write a page.") }
            guard fsync(fd) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush a page.") }
        } catch {
            let failure = FileSystemFailure.describe(error, doing: "write a page into", "the asset store")
            return failure.code == .storageFull
                ? StorageCheck(.full, "the disk is full")
                : StorageCheck(.failing, "the asset store is not writable (\(failure.detail ?? failure.code.name))")
        }
        return StorageCheck.freeSpace(at: root) ?? .ok
    }
}
