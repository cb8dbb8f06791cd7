import Foundation
import PhotoSourceKit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk tier of the thumbnail cache: one folder of ``DiskEntry`` files, one per slot.
///
/// - **Atomic:** entries are written with ``AtomicFile/write(_:to:mode:)`` (temp file + rename),
///   so a reader, in this process or another sharing the folder, sees a whole entry or none. A
///   normal exit leaves no temp file; those of a killed process are deleted when the next store
///   opens the folder.
/// - **Verified:** length and CRC-32 are checked on every read; a truncated or corrupt entry is a
///   miss and is deleted, never served.
/// - **LRU:** a hit bumps the file's modification time; when the folder grows past
///   ``sizeLimit`` the oldest entries are deleted until it is at 70% of it. Files vanishing under
///   a read or a sweep (another process sweeping) are simply misses.
/// - **Degrading:** a folder that cannot be created makes the store inert; a write that fails
///   (disk full, read-only) turns writes off for this store with one warning. Nothing throws:
///   the cache keeps working from memory.
final class DiskStore: Sendable {
    /// The folder holding the entries.
    let directory: URL
    /// The size the sweep keeps the folder under, in bytes.
    let sizeLimit: Int
    /// The largest entry stored: 10% of ``sizeLimit``.
    var entrySizeLimit: Int { sizeLimit / 10 }

    private struct State {
        var bytes = 0
        var readable = true
        var writable = true
        var evictions = 0
        var sweeping = false
    }

    private let state = Mutex(State())
    private let log: @Sendable (String) -> Void
    private static let suffix = ".thumb"
    private static let staleTempAge: TimeInterval = 3600

    /// Opens (creating if needed) the folder `directory`; problems are logged, not thrown.
    init(directory: URL, sizeLimit: Int, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.sizeLimit = max(0, sizeLimit)
        self.log = log
        do {
            try AtomicFile.makeDirectory(directory, mode: 0o700)
            AtomicFile.sweepOrphans(in: directory)
            let bytes = scan().reduce(0) { $0 + $1.size }
            state.withLock { $0.bytes = bytes }
        } catch {
            state.withLock { $0 = State(readable: false, writable: false) }
            log("warning: the thumbnail disk cache at \(directory.path) cannot be used (\(error)); thumbnails are kept in memory only.")
        }
    }

    /// Whether entries can still be written.
    var isWritable: Bool { state.withLock { $0.writable } }
    /// The bytes the entries take, as last counted (another process sharing the folder makes it approximate).
    var bytesOnDisk: Int { state.withLock { $0.bytes } }
    /// Entries deleted by sweeps so far.
    var evictions: Int { state.withLock { $0.evictions } }

    /// The entry stored for `key`, or `nil` for a miss (absent, vanished, corrupt or a hash collision).
    func entry(for key: CacheKey) -> DiskEntry? {
        guard state.withLock({ $0.readable }) else { return nil }
        let path = url(for: key).path
        guard let size = Self.fileSize(path) else { return nil }
        if size > entrySizeLimit {  // never written by us: do not even read it
            if unlink(path) == 0 { state.withLock { $0.bytes = max(0, $0.bytes - size) } }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let entry: DiskEntry
        do {
            entry = try DiskEntry(decoding: data)
        } catch {
            if unlink(path) == 0 { state.withLock { $0.bytes = max(0, $0.bytes - data.count) } }
            return nil
        }
        guard entry.key == key.canonical else { return nil }
        _ = utimensat(AT_FDCWD, path, nil, 0)  // "used now", for the LRU sweep
        return entry
    }

    /// Stores `entry` for `key` (entries over ``entrySizeLimit`` are skipped) and sweeps when over
    /// the limit. A failed write is logged once and turns writes off.
    func store(_ entry: DiskEntry, for key: CacheKey) {
        guard isWritable else { return }
        let data = entry.encoded()
        guard data.count <= entrySizeLimit else { return }
        let target = url(for: key)
        let previous = Self.fileSize(target.path) ?? 0
        do {
            try AtomicFile.write(data, to: target, mode: 0o600)
        } catch let error as PhotoSourceError where error.code == .cancelled {
            return  // the process is exiting: the entry is simply not kept
        } catch {
            let first = state.withLock { state in
                defer { state.writable = false }
                return state.writable
            }
            if first {
                log("warning: the thumbnail disk cache at \(directory.path) cannot be written (\(error)); new thumbnails are kept in memory only.")
            }
            return
        }
        let over = state.withLock { state in
            state.bytes += data.count - previous
            return state.bytes > sizeLimit
        }
        if over { sweep() }
    }

    /// Deletes the entry for `key`, if any.
    func remove(_ key: CacheKey) {
        let path = url(for: key).path
        if let size = Self.fileSize(path), unlink(path) == 0 {
            state.withLock { $0.bytes = max(0, $0.bytes - size) }
        }
    }

    /// Deletes every entry (not counted as evictions).
    func removeAll() {
        guard state.withLock({ $0.readable }) else { return }
        for file in scan() { _ = unlink(file.path) }
        state.withLock { $0.bytes = 0 }
    }

    /// Deletes the least recently used entries until the folder is at 70% of ``sizeLimit``
    /// (recounting it from the folder itself). Returns the number of entries deleted here.
    @discardableResult
    func sweep() -> Int {
        let claimed = state.withLock { state in
            defer { state.sweeping = true }
            return !state.sweeping
        }
        guard claimed else { return 0 }
        var files = scan()
        var total = files.reduce(0) { $0 + $1.size }
        var deleted = 0
        if total > sizeLimit {
            let target = sizeLimit / 10 * 7
            files.sort { $0.modified < $1.modified }
            for file in files where total > target {
                if unlink(file.path) == 0 {
                    deleted += 1
                    total -= file.size
                } else if errno == ENOENT {
                    total -= file.size  // another process removed it first
                }
            }
        }
        state.withLock { state in
            state.bytes = total
            state.evictions += deleted
            state.sweeping = false
        }
        return deleted
    }

    private func url(for key: CacheKey) -> URL {
        directory.appendingPathComponent(key.fileName, isDirectory: false)
    }

    private struct FileInfo {
        var path: String
        var size: Int
        var modified: Double
    }

    /// The entries in the folder; temp files in the naming of earlier versions (`.tmp-<name>-<n>`,
    /// no pid) are deleted on the way once an hour old. (Current temp files of dead processes are
    /// swept when the store opens: ``AtomicFile/sweepOrphans(in:minimumAge:)``.)
    private func scan() -> [FileInfo] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        let now = Date().timeIntervalSince1970
        var files: [FileInfo] = []
        for name in names {
            let path = directory.path + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if name.hasPrefix(".tmp-") {
                if name.contains(Self.suffix), now - modified > Self.staleTempAge { _ = unlink(path) }
            } else if name.hasSuffix(Self.suffix) {
                files.append(FileInfo(path: path, size: Int(info.st_size), modified: modified))
            }
        }
        return files
    }

    private static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
