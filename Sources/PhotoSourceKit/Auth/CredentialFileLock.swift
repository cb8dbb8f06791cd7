public import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` lock on a lock file, held until ``release()`` (or until the lock is dropped).
///
/// `flock` locks belong to an open file description, so two locks taken in the same process
/// exclude each other just like locks taken by two processes; the kernel drops the lock if the
/// process dies, so a crash never leaves a stale lock behind.
public final class CredentialFileLock: Sendable {
    /// The lock file.
    public let url: URL
    /// The open descriptor while the lock is held, `nil` after release.
    private let descriptor: Mutex<Int32?>

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// Waits until this caller holds the exclusive lock on `url` (created with mode 0600 if missing).
    ///
    /// Waiting polls every `pollInterval` with `Task.sleep`, so it never blocks a thread of the
    /// cooperative pool and it stops with `.cancelled` when the task is cancelled.
    public static func acquire(at url: URL, pollInterval: Duration = .milliseconds(20)) async throws -> CredentialFileLock {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.posixError("open the lock file \(url.path)") }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                let error = AtomicFile.posixError("lock \(url.path)")
                close(fd)
                throw error
            }
            do {
                try await Task.sleep(for: pollInterval)
            } catch {
                close(fd)
                throw PhotoSourceError(.cancelled, "Stopped waiting for the lock \(url.lastPathComponent): cancelled.")
            }
        }
        return CredentialFileLock(url: url, descriptor: fd)
    }

    /// Releases the lock; releasing twice does nothing.
    public func release() {
        guard let fd = descriptor.withLock({ value -> Int32? in
            defer { value = nil }
            return value
        }) else { return }
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
