public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole regular file read into memory, refused before reading when it is over a size limit.
///
/// For sources that read their own files: an index, a sidecar, a list of picks. Errors are
/// ``PhotoSourceError``s a person can act on, with the SDK's `errno` mapping
/// (``PhotoSourceError/fileSystem(errno:reading:)``): a missing file is `.notFound`, an
/// unreadable one `.accessDenied`, a folder or a FIFO `.invalidData`, an oversized one
/// `.tooLarge`.
///
/// ```swift
/// let index = try FileContents.read(root.appendingPathComponent("index.json"), maximumBytes: 4 << 20)
/// let entries = try JSONDecoder().decode([Entry].self, from: index.bytes)
/// ```
public struct FileContents: Sendable {
    /// The file's bytes.
    public let bytes: Data
    /// The file's modification time (with nanoseconds), size, device and inode as text: it changes
    /// when the file is edited or replaced, so it serves as an ``ImageData/validator`` (the same
    /// text ``FileImageDownloader/currentValidator(of:name:)`` gives without reading the file).
    public let version: String

    /// Reads the regular file at `url`, at most `maximumBytes` long; `name` (default: the path)
    /// names the file in error messages. Blocking: call it off the cooperative pool for large files.
    public static func read(_ url: URL, maximumBytes: Int, name: String? = nil) throws -> FileContents {
        let name = name ?? url.path
        // O_NONBLOCK: a FIFO must not hang the open. The path is an ``EncodedFileName`` path.
        let fd = EncodedFileName.withFileSystemPath(url.path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: name) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: name) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PhotoSourceError(.invalidData, "\(name) is not a regular file.")
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            throw PhotoSourceError(.tooLarge, "\(name) is \(size) bytes, more than the limit of \(maximumBytes).")
        }
        // Read into uninitialized memory: zero-filling a 6 MB original first costs as much as
        // copying it in. Stop at the size stat gave, even if the file grew meanwhile.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        var filled = 0
        while filled < size {
            let n = Glibc.read(fd, buffer + filled, size - filled)
            if n < 0 {
                if errno == EINTR { continue }
                let error = PhotoSourceError.fileSystem(errno: errno, reading: name)
                buffer.deallocate()
                throw error
            }
            if n == 0 { break }
            filled += n
        }
        let data = Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() })
        return FileContents(bytes: data, version: FileImageDownloader.validator(of: info))
    }
}
