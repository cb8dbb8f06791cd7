import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files this process is writing, guarded by the `Mutex` `state`, so a normal exit
/// removes the ones still in progress (an `atexit` handler) and a sweep can tell this process's
/// live files from orphans of an earlier process that had the same pid.
///
/// Creating and renaming happen under the lock: once the exit handler has run, no temporary file
/// is created or renamed into place, so none can appear after it.
final class TemporaryFileRegistry: Sendable {
    /// The registry of this process.
    static let shared = TemporaryFileRegistry()

    private struct State {
        var live: Set<String> = []
        var exiting = false
        var hookInstalled = false
    }

    private let state = Mutex(State())

    /// Runs `create` (which makes the file at `path` and returns a descriptor, or -1 with `errno`
    /// set) and records `path` as live. Throws `.cancelled` once the process is exiting.
    func create(_ path: String, _ create: () -> Int32) throws -> Int32 {
        let (fd, installHook) = try state.withLock { state throws -> (Int32, Bool) in
            guard !state.exiting else { throw Self.exitingError }
            let fd = create()
            let saved = errno
            if fd >= 0 { state.live.insert(path) }
            defer { state.hookInstalled = true }
            errno = saved
            return (fd, !state.hookInstalled)
        }
        let saved = errno
        if installHook { atexit { TemporaryFileRegistry.shared.removeAllAtExit() } }
        errno = saved
        return fd
    }

    /// Renames the live temporary file `path` to `target` and forgets it; returns `rename`'s
    /// result (with `errno`). Throws `.cancelled` once the process is exiting (the file is gone).
    func commit(_ path: String, to target: String) throws -> Int32 {
        try state.withLock { state throws -> Int32 in
            guard !state.exiting else { throw Self.exitingError }
            let result = EncodedFileName.withFileSystemPath(target) { rename(path, $0) }  // the final name may be encoded
            let saved = errno
            if result == 0 { state.live.remove(path) }
            errno = saved
            return result
        }
    }

    /// Deletes the temporary file `path` and forgets it.
    func discard(_ path: String) {
        state.withLock { state in
            _ = unlink(path)
            state.live.remove(path)
        }
    }

    /// Whether `path` is a temporary file this process is writing now.
    func isLive(_ path: String) -> Bool {
        state.withLock { $0.live.contains(path) }
    }

    /// The exit handler: deletes every temporary file in progress and refuses new ones.
    func removeAllAtExit() {
        state.withLock { state in
            state.exiting = true
            for path in state.live { _ = unlink(path) }
            state.live.removeAll()
        }
    }

    private static var exitingError: PhotoSourceError {
        PhotoSourceError(.cancelled, "The process is exiting; the file was not written.")
    }
}
