public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe file writing: a temp file in the same folder, `fsync`, then `rename`.
///
/// A reader sees the old file or the new one, never a torn one. Temporary files are named
/// `.psk-tmp-<pid>-<random>` whatever the final name (so any legal final name, up to 255 bytes,
/// can be written); a normal exit deletes the ones still being written, and
/// ``sweepOrphans(in:minimumAge:)`` deletes those left by a process that was killed.
public enum AtomicFile {
    /// The prefix of every temporary file name.
    static let temporaryPrefix = ".psk-tmp-"

    /// Writes `data` to `url` with permissions `mode` (applied with `fchmod`, so the umask does not matter).
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws {
        let (fd, temp) = try createTemporary(beside: url, mode: mode)
        var ok = false
        defer {
            if !ok { TemporaryFileRegistry.shared.discard(temp) }
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
        try commitTemporary(temp, to: url)
        ok = true
    }

    /// Creates an empty temporary file (`O_EXCL`, permissions `mode`) in the folder of `url`,
    /// for a writer that fills it itself; returns its descriptor and path. Finish with
    /// ``commitTemporary(_:to:)`` or ``discardTemporary(_:)``; a normal exit deletes it meanwhile.
    public static func createTemporary(beside url: URL, mode: mode_t = 0o644) throws -> (descriptor: Int32, path: String) {
        let folder = url.deletingLastPathComponent().path
        let temp = folder + "/" + temporaryName()
        let fd = try TemporaryFileRegistry.shared.create(temp) { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw posixError("create \(url.path)") }
        return (fd, temp)
    }

    /// Renames the temporary file `path` (from ``createTemporary(beside:mode:)``, already
    /// flushed) to `url`, then flushes the folder.
    public static func commitTemporary(_ path: String, to url: URL) throws {
        guard try TemporaryFileRegistry.shared.commit(path, to: url.path) == 0 else {
            throw posixError("put the new \(url.lastPathComponent) in place at \(url.path)")
        }
        let dirFD = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Deletes the temporary file `path`.
    public static func discardTemporary(_ path: String) {
        TemporaryFileRegistry.shared.discard(path)
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

    /// `.psk-tmp-<pid>-<16 hex digits>`: at most 36 bytes, whatever the final name.
    static func temporaryName(pid: Int32 = getpid()) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return temporaryPrefix + "\(pid)-" + String(repeating: "0", count: 16 - random.count) + random
    }
}
