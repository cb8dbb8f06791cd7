public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileImageDownloader: OriginalFileDownloading {
    /// Copies the file of `item` into `file` in 1 MiB pieces (see ``copy(_:name:to:)``).
    public func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        try copy(try resolver.url(for: item.id), name: item.id, to: file)
    }

    /// Copies the regular file `url` into `file` through a temporary file renamed into place,
    /// refused with `.tooLarge` before copying when it is over ``maximumBytes``; the validator is
    /// the source file's (as ``read(_:name:)`` gives it). `name` is used in error messages.
    /// Blocking: call it off the cooperative pool for large files.
    public func copy(_ url: URL, name: String, to file: URL) throws -> DownloadedOriginal {
        let input = EncodedFileName.withFileSystemPath(url.path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard input >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: name) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: name) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw PhotoSourceError(.invalidData, "\(name) is not a regular file.") }
        guard Int(info.st_size) <= maximumBytes else {
            throw PhotoSourceError(.tooLarge, "\(name) is \(info.st_size) bytes, more than the limit of \(maximumBytes).")
        }
        let (output, temp) = try AtomicFile.createTemporary(beside: file)
        var committed = false
        defer { if !committed { AtomicFile.discardTemporary(temp) } }
        let copied: Int
        do {
            defer { close(output) }
            copied = try Self.pump(from: input, to: output, limit: maximumBytes, name: name)
            guard fsync(output) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush the copy of \(name).") }
        }
        try AtomicFile.commitTemporary(temp, to: file)
        committed = true
        return DownloadedOriginal(byteCount: copied, contentType: nil, validator: Self.validator(of: info))
    }

    /// Copies until the end of `input`; a file that grows past `limit` meanwhile is `.tooLarge`.
    private static func pump(from input: Int32, to output: Int32, limit: Int, name: String) throws -> Int {
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = Glibc.read(input, buffer, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                throw PhotoSourceError.fileSystem(errno: errno, reading: name)
            }
            if count == 0 { return total }
            total += count
            guard total <= limit else { throw PhotoSourceError(.tooLarge, "\(name) grew past the limit of \(limit) bytes while it was copied.") }
            var written = 0
            while written < count {
                let n = Glibc.write(output, buffer + written, count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw PhotoSourceError.fileSystem(errno: errno, "Could not write the copy of \(name).")
                }
                written += n
            }
        }
    }
}
