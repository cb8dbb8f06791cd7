import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder under the system temp folder for one test; call ``remove()`` in a `defer`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LocalFolderTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The absolute path of `relative`.
    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes `data` at `relative`, creating parent folders.
    func write(_ data: Data, to relative: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Creates the folder `relative` and its parents.
    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(relative), withIntermediateDirectories: true)
    }

    /// Creates a symlink at `relative` whose target text is `target` (absolute or relative).
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    /// Creates a FIFO at `relative`.
    func makeFIFO(_ relative: String) throws {
        guard mkfifo(path(relative), 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// Sets the modification time of `relative` (`""`: the folder itself) to `seconds` since 1970
    /// (by default a fixed time in 2023), so a later change is sure to give a different mtime.
    func age(_ relative: String = "", to seconds: Int = 1_700_000_000) throws {
        var times = [timespec](repeating: timespec(tv_sec: seconds, tv_nsec: 0), count: 2)
        guard utimensat(AT_FDCWD, relative.isEmpty ? url.path : path(relative), &times, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }
}
