import Foundation
import PhotoSourceKit
// Dispatch: with MemberImportVisibility, C structs such as `stat` and `timespec` can be
// attributed to CDispatch (which also includes the system headers), so it is imported too.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor, closed when the value goes away. Paths are ``EncodedFileName`` paths.
struct FileDescriptor: ~Copyable {
    let raw: Int32

    /// Opens `path` read-only without following a final symlink and without blocking on a FIFO.
    init(readingNoFollow path: String, name: String) throws {
        let fd = EncodedFileName.withFileSystemPath(path) { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: "\"\(name)\"") }
        raw = fd
    }

    /// Opens the folder at `path` for reading its entries.
    init(directory path: String, name: String) throws {
        let fd = EncodedFileName.withFileSystemPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: "\"\(name)\"") }
        raw = fd
    }

    /// Takes ownership of an already open descriptor.
    init(adopting fd: Int32) {
        raw = fd
    }

    deinit { close(raw) }

    /// `fstat(2)` of the open file.
    func status(name: String) throws -> FileStatus {
        guard let status = FileStatus.capture({ fstat(raw, $0) }) else { throw PhotoSourceError.fileSystem(errno: errno, reading: "\"\(name)\"") }
        return status
    }

    /// Reads at most `limit` bytes from offset 0 (fewer at the end of the file).
    func readPrefix(_ limit: Int, name: String) throws -> Data {
        var data = Data(count: limit)
        var filled = 0
        try data.withUnsafeMutableBytes { buffer in
            while filled < limit {
                let n = pread(raw, buffer.baseAddress! + filled, limit - filled, off_t(filled))
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { break }  // a FIFO or device with nothing to read
                    throw PhotoSourceError.fileSystem(errno: errno, reading: "\"\(name)\"")
                }
                if n == 0 { break }
                filled += n
            }
        }
        if filled < limit { data.removeSubrange(filled...) }
        return data
    }
}
