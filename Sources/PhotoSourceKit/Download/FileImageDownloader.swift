public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads images from a folder: item ids are paths relative to the root.
///
/// Both variants return the original file (the thumbnail cache shrinks it on decode).
/// The validator is the file's modification time, size and inode, so an edited or replaced file
/// gets a new thumbnail (also in another process sharing the thumbnail cache's folder).
public struct FileImageDownloader: ImageDownloading {
    /// The path rules.
    public let resolver: LocalPathResolver
    /// Files larger than this are refused with `.tooLarge` before they are read.
    public let maximumBytes: Int

    /// Creates a downloader for the folder `root`.
    public init(root: URL, maximumBytes: Int = 100 << 20) throws {
        self.resolver = try LocalPathResolver(root: root)
        self.maximumBytes = maximumBytes
    }

    /// Creates a downloader with an existing resolver.
    public init(resolver: LocalPathResolver, maximumBytes: Int = 100 << 20) {
        self.resolver = resolver
        self.maximumBytes = maximumBytes
    }

    /// Reads the file of `item`.
    public func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let url = try resolver.url(for: item.id)
        return try read(url, name: item.id)
    }

    /// Reads a file with the size limit; `name` is used in error messages.
    public func read(_ url: URL, name: String) throws -> ImageData {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // O_NONBLOCK: a FIFO must not hang the open
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
        // copying it in.
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
        return ImageData(bytes: data, contentType: nil, validator: Self.validator(of: info))
    }
}
