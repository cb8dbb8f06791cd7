import Foundation
// `stat`'s members belong to CDispatch under MemberImportVisibility (see AssetVersion.swift).
#if canImport(CDispatch)
internal import CDispatch
#endif
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit

/// An upload's `.part` file opened for one `PATCH`: positional writes at the offset the
/// request named, `fsync` before the offset is acknowledged, closed when dropped.
final class UploadBytesFile: Sendable {
    private let descriptor: Int32

    /// Opens `url` (which must exist) for writing.
    init(_ url: URL) throws {
        descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not open the upload's file.") }
    }

    deinit { close(descriptor) }

    /// The file's length now.
    func length() throws -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not read the upload's file.") }
        return Int(info.st_size)
    }

    /// Writes `bytes` at `offset` in full.
    func write(_ bytes: [UInt8], at offset: Int) throws {
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw PhotoSourceError.fileSystem(errno: errno, "Could not write the upload's file.")
                }
                written += n
            }
        }
    }

    /// Flushes what was written to the disk.
    func flush() throws {
        guard fsync(descriptor) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush the upload's file.") }
    }
}
