import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit

/// Copies an asset into an order folder in as few steps as the file system allows.
///
/// - `copy_file_range(2)` first: on file systems that share blocks (btrfs, XFS with reflink,
///   bcachefs) the kernel clones the file (a reflink: no bytes copied, and copy-on-write, so a
///   later write to either file leaves the other as it was); on NFS 4.2 the server copies; on
///   others (ext4) the kernel copies without passing the bytes through the process, in one call
///   per file. Foundation's `copyItem` sends a file 4 KiB at a time (`sendfile`), about 1,500
///   calls for a 6 MB photo.
/// - A read/write loop where it is refused (an old kernel, two file systems, a sandbox).
///
/// Never a hard link: the asset store's file and the delivered one would be one inode, so the
/// store's `0400` and the shop's `0444` could not both hold, and a write in place to the shop's
/// file (by its owner or root: print software that edits a photo) would change the bytes the
/// store serves to labs under their MD5.
enum DeliveryCopy {
    /// How the bytes are copied.
    enum Method: Sendable {
        /// `copy_file_range`, falling back to ``readWrite`` when the kernel refuses it.
        case fastest
        /// A loop of 1 MiB reads and writes (the fallback, and what tests force).
        case readWrite
    }

    /// Copies `source` to the new file `destination` (it must not exist), with `permissions`
    /// whatever the umask, and waits until it is on disk.
    static func copy(_ source: URL, to destination: URL, permissions: mode_t, method: Method = .fastest) throws {
        var flushes = WritebackQueue(window: 0)
        try copy(source, to: destination, permissions: permissions, method: method, flushes: &flushes)
    }

    /// Copies `source` to the new file `destination` (it must not exist), with `permissions`
    /// whatever the umask, and hands the written file to `flushes`: it is on disk once
    /// `flushes` flushed it (``WritebackQueue/flushAll()``). A failed copy leaves no file; a
    /// failed flush leaves the file to the caller, which is failing too.
    static func copy(_ source: URL, to destination: URL, permissions: mode_t, method: Method = .fastest, flushes: inout WritebackQueue) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not open \(source.path).") }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard output >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not create \(destination.path).") }
        do {
            guard fchmod(output, permissions) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of \(destination.path).") }
            let cloned = method == .fastest ? try kernelCopy(input, output, destination) : false
            if !cloned { try loopCopy(input, output, destination) }
        } catch {
            close(output)
            unlink(destination.path)
            throw error
        }
        // On disk before the folder is renamed into place and the line recorded delivered: after a
        // power loss the shop must never find a delivered order with empty or short photos.
        try flushes.add(output, path: destination.path)
    }

    /// `copy_file_range` until the end of the input; `false` when the kernel refuses it before
    /// any byte was copied (the caller falls back), an error when it fails later.
    private static func kernelCopy(_ input: Int32, _ output: Int32, _ destination: URL) throws -> Bool {
        guard let copyFileRange = Self.copyFileRange else { return false }
        var copied = 0
        while true {
            let n = copyFileRange(input, nil, output, nil, 1 << 30, 0)
            if n > 0 {
                copied += n
                continue
            }
            if n == 0 { return true }
            if errno == EINTR { continue }
            if copied == 0, [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EPERM, EBADF].contains(errno) { return false }
            throw PhotoSourceError.fileSystem(errno: errno, "Could not copy into \(destination.path).")
        }
    }

    private static func loopCopy(_ input: Int32, _ output: Int32, _ destination: URL) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(input, buffer.baseAddress, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not read an asset for \(destination.path).") }
            if n == 0 { return }
            var written = 0
            while written < n {
                let w = write(output, buffer.baseAddress! + written, n - written)
                if w < 0, errno == EINTR { continue }
                guard w >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not write \(destination.path).") }
                written += w
            }
        }
    }

    private typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int

    /// glibc's `copy_file_range`, looked up by name: Swift's Glibc module is built without
    /// `_GNU_SOURCE`, which declares it. `nil` where the C library has none.
    private static let copyFileRange: CopyFileRange? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: CopyFileRange.self)
    }()
}
