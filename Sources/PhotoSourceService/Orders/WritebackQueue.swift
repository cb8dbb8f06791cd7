import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit

/// Files whose bytes are written but not yet known to be on disk, flushed in order.
///
/// Each file's writeback starts when it is added (`sync_file_range(SYNC_FILE_RANGE_WRITE)`), so
/// the disk writes it while the next one is copied; the wait for it (`fsync`) comes once more
/// than ``window`` files are pending, oldest first, and for the rest in ``flushAll()``. A folder
/// of 200 photos then costs a few disk round trips where one `fsync` right after each copy
/// made the copies take turns with the disk; and no more than `window + 1` files are open at once.
///
/// A file is durable only after ``flushAll()`` returned; whatever is still pending when the
/// queue ends is closed unflushed, its writeback started: the caller is failing and removes it,
/// or flushes it later by another descriptor (``FolderStaging``).
struct WritebackQueue: ~Copyable {
    /// How many written files may wait for their flush.
    let window: Int
    private var pending: [(descriptor: Int32, path: String)] = []

    /// An empty queue holding at most `window` unflushed files (0: each flushed as it is added).
    init(window: Int) {
        self.window = max(0, window)
    }

    deinit {
        for file in pending { close(file.descriptor) }
    }

    /// Takes `descriptor` (open for writing, its bytes written; the queue closes it), starts its
    /// writeback, and flushes the oldest files beyond the window.
    ///
    /// - Throws: ``PhotoSourceError/fileSystem(errno:_:)`` naming the file whose flush failed.
    mutating func add(_ descriptor: Int32, path: String) throws {
        if let syncFileRange = Self.syncFileRange {
            _ = syncFileRange(descriptor, 0, 0, Self.startWriteback)  // a hint: fsync below is the promise
        }
        pending.append((descriptor, path))
        while pending.count > window {
            try flush(pending.removeFirst())
        }
    }

    /// Waits until every pending file is on disk.
    ///
    /// - Throws: ``PhotoSourceError/fileSystem(errno:_:)`` naming the first file whose flush failed.
    mutating func flushAll() throws {
        while !pending.isEmpty {
            try flush(pending.removeFirst())
        }
    }

    private func flush(_ file: (descriptor: Int32, path: String)) throws {
        defer { close(file.descriptor) }
        guard fsync(file.descriptor) == 0 else {
            throw PhotoSourceError.fileSystem(errno: errno, "Could not flush \(file.path) to disk.")
        }
    }

    /// `SYNC_FILE_RANGE_WRITE`: start writing the dirty pages, do not wait.
    private static let startWriteback: UInt32 = 2

    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    /// glibc's `sync_file_range`, looked up by name (Swift's Glibc module is built without
    /// `_GNU_SOURCE`, which declares it); `nil` where the C library has none: then the flushes
    /// alone do the work.
    private static let syncFileRange: SyncFileRange? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
    }()
}
