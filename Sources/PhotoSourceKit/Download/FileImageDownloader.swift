public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads images from a folder: item ids are paths relative to the root.
///
/// Both variants return the original file (the thumbnail cache shrinks it on decode).
/// The validator is the file's modification time and size, so an edited file gets a new thumbnail.
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
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.posixError(errno, name: name) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.posixError(errno, name: name) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PhotoSourceError(.invalidData, "\(name) is not a regular file.")
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            throw PhotoSourceError(.tooLarge, "\(name) is \(size) bytes, more than the limit of \(maximumBytes).")
        }
        var data = Data(count: size)
        var filled = 0
        try data.withUnsafeMutableBytes { buffer in
            while filled < size {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Self.posixError(errno, name: name)
                }
                if n == 0 { break }
                filled += n
            }
        }
        if filled < size { data.removeSubrange(filled...) }
        let validator = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(size)"
        return ImageData(bytes: data, contentType: nil, validator: validator)
    }

    static func posixError(_ code: Int32, name: String) -> PhotoSourceError {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT, ENOTDIR: return PhotoSourceError(.notFound, "\(name) does not exist (any more).", detail: reason)
        case EACCES, EPERM: return PhotoSourceError(.accessDenied, "\(name) may not be read.", detail: reason)
        default: return PhotoSourceError(.unknown, "\(name) could not be read.", detail: reason)
        }
    }
}
