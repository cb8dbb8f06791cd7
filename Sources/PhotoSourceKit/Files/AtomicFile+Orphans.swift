public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// Deletes the temporary files in `folder` left by processes that are gone (killed while
    /// writing), and returns how many it deleted.
    ///
    /// A temporary file names its writer's pid. It is an orphan when it is at least `minimumAge`
    /// seconds old (a floor against pid reuse races and clock granularity) and its pid is not a
    /// running process, or is this process's pid but not one of its files in progress (an earlier
    /// process with the same pid). A file whose pid now belongs to another live process is kept.
    @discardableResult
    public static func sweepOrphans(in folder: URL, minimumAge: TimeInterval = 5) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        let now = Date().timeIntervalSince1970
        var deleted = 0
        for name in names {
            guard let pid = writerPID(ofTemporaryName: name) else { continue }
            let path = folder.path + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            guard now - modified >= minimumAge, isOrphan(path, pid: pid), unlink(path) == 0 else { continue }
            deleted += 1
        }
        return deleted
    }

    /// The pid in a temporary file's name, or `nil` when `name` is not one.
    static func writerPID(ofTemporaryName name: String) -> Int32? {
        guard name.hasPrefix(temporaryPrefix) else { return nil }
        let parts = name.dropFirst(temporaryPrefix.count).split(separator: "-")
        guard parts.count == 2, parts[1].count == 16, let pid = Int32(parts[0]), pid > 0 else { return nil }
        return pid
    }

    private static func isOrphan(_ path: String, pid: Int32) -> Bool {
        if pid == getpid() { return !TemporaryFileRegistry.shared.isLive(path) }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
