import Foundation
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ``SharedFileStoring`` on a folder: a local one, or a network mount every instance reaches.
///
/// What it relies on (POSIX, and NFSv3/v4 or EFS with close-to-open consistency):
/// - `rename(2)` within one folder is atomic: readers see the old name's absence or the whole
///   new file, never a part. Temporary files are made inside ``root`` (in the final file's
///   folder, or the root for content-addressed files named after they are hashed), so the rename
///   never crosses file systems.
/// - `fsync` of the file before the rename and of the folder after it: a crash (of the instance
///   or of the file server's client) cannot leave a renamed but empty file.
/// - `open(O_CREAT | O_EXCL)` on a random name: two instances never write one temporary file.
/// - Nothing else: no `flock`/`fcntl` locks (unreliable over NFS, and a lock held by a dead
///   instance would stall the others), no pid checks across machines.
///
/// Temporary files left by a killed writer cannot be told from another machine's live writer by
/// pid (a pid is only meaningful on its own machine), so ``sweepAbandoned(in:)`` deletes those
/// not written to for ``abandonedAfter`` (writers append at least every few seconds while alive).
struct SharedDirectory: SharedFileStoring {
    /// The folder.
    let root: URL
    /// How long a temporary file must have gone unwritten before it counts as abandoned.
    let abandonedAfter: TimeInterval
    /// Permissions of the folders it makes.
    private let folderPermissions: mode_t

    /// 15 minutes: longer than any stall a live writer survives (downloads abort at low speed long before).
    static let defaultAbandonedAfter: TimeInterval = 15 * 60

    /// The storage in `root` (made `0700` when missing, else set to `0700`).
    init(root: URL, abandonedAfter: TimeInterval = Self.defaultAbandonedAfter) throws {
        self.root = root
        self.abandonedAfter = abandonedAfter
        folderPermissions = PrivateDirectory.folderMode
        try PrivateDirectory.make(root)
    }

    func location(of path: String) -> URL {
        path.isEmpty ? root : root.appendingPathComponent(path)
    }

    func stage(for path: String, permissions: mode_t) throws -> StagedFile {
        let final = location(of: path)
        do {
            return try Self.createTemporary(beside: final, permissions: permissions)
        } catch let error as PhotoSourceError where error.code == .notFound {
            // The folder is missing (first file of a fan-out folder, or removed by an operator).
            try PrivateDirectory.make(root)
            let folder = final.deletingLastPathComponent()
            if folder.standardizedFileURL.path != root.standardizedFileURL.path { try AtomicFile.makeDirectory(folder, mode: folderPermissions) }
            return try Self.createTemporary(beside: final, permissions: permissions)
        }
    }

    func commit(_ staged: StagedFile, to path: String, replacing: Bool) throws -> CommitOutcome {
        let final = location(of: path)
        if !replacing, FileManager.default.fileExists(atPath: final.path) {
            AtomicFile.discardTemporary(staged.path)
            return .alreadyThere
        }
        let folder = final.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) { try AtomicFile.makeDirectory(folder, mode: folderPermissions) }
        try AtomicFile.commitTemporary(staged.path, to: final)
        return .placed
    }

    func discard(_ staged: StagedFile) {
        AtomicFile.discardTemporary(staged.path)
    }

    func write(_ data: Data, to path: String, permissions: mode_t) throws {
        let staged = try stage(for: path, permissions: permissions)
        var committed = false
        defer { if !committed { discard(staged) } }
        do {
            defer { close(staged.descriptor) }
            try data.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = Glibc.write(staged.descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not write \(path).") }
                    written += count
                }
            }
            guard fsync(staged.descriptor) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not flush \(path).") }
        }
        try commit(staged, to: path, replacing: true)
        committed = true
    }

    func names(in folder: String, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location(of: folder).path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && !$0.hasPrefix(Self.temporaryPrefix) }
    }

    func remove(_ path: String) {
        unlink(location(of: path).path)
    }

    func sweepAbandoned(in folder: String) -> Int {
        let directory = location(of: folder).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var deleted = 0
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) >= abandonedAfter, unlink(path) == 0
            else { continue }
            deleted += 1
        }
        return deleted
    }

    /// The prefix of ``PhotoSourceKit/AtomicFile``'s temporary names.
    static let temporaryPrefix = ".psk-tmp-"

    /// A temporary file with `permissions` whatever the umask (`open` applies it; `fchmod` does not).
    private static func createTemporary(beside final: URL, permissions: mode_t) throws -> StagedFile {
        let (fd, path) = try AtomicFile.createTemporary(beside: final, mode: permissions)
        guard fchmod(fd, permissions) == 0 else {
            let error = PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of a new file.")
            close(fd)
            AtomicFile.discardTemporary(path)
            throw error
        }
        return StagedFile(descriptor: fd, path: path)
    }
}
