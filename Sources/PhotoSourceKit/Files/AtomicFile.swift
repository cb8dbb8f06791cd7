public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe file writing: a temp file in the same folder, `fsync`, then `rename`.
///
/// A reader sees the old file or the new one, never a torn one; a crash leaves at worst a
/// stray `.tmp-*` file, never a partial entry at the final path.
public enum AtomicFile {
    /// Writes `data` to `url` with permissions `mode` (applied with `fchmod`, so the umask does not matter).
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws {
        let folder = url.deletingLastPathComponent().path
        let temp = folder + "/.tmp-\(url.lastPathComponent)-\(UInt64.random(in: 0...UInt64.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw posixError("create \(url.path)") }
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else { throw posixError("set the permissions of \(url.path)") }
            try data.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw posixError("write \(url.path)")
                    }
                    written += n
                }
            }
            guard fsync(fd) == 0 else { throw posixError("flush \(url.path) to disk") }
        }
        guard rename(temp, url.path) == 0 else { throw posixError("put the new \(url.lastPathComponent) in place at \(url.path)") }
        ok = true
        let dirFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Creates `url` and its parents if needed and sets its permissions to `mode` whatever the umask.
    public static func makeDirectory(_ url: URL, mode: mode_t = 0o755) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not create the folder \(url.path).", underlying: error)
        }
        guard chmod(url.path, mode) == 0 else { throw posixError("set permissions of \(url.path)") }
    }

    /// The error for a failed call, from `errno`: "Could not <action>."
    static func posixError(_ action: String) -> PhotoSourceError {
        .fileSystem(errno: errno, "Could not \(action).")
    }
}
