import Foundation
@testable import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A pid no process can have (above any `pid_max`), for orphans of a dead writer.
let deadPID: Int32 = 2_147_483_646

/// Sets the modification time of `path` to `seconds` ago.
func age(_ path: String, by seconds: Int) {
    let then = Int(Date().timeIntervalSince1970) - seconds
    var times = [timespec](repeating: timespec(tv_sec: then, tv_nsec: 0), count: 2)
    _ = utimensat(AT_FDCWD, path, &times, 0)
}

@Suite("AtomicFile temporary names and orphans")
struct AtomicFileTests {
    @Test("a final name of 255 bytes (the most a name may have) can be written; the temp name does not grow with it")
    func longestName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let name = String(repeating: "n", count: 251) + ".jpg"
        let target = folder.url.appendingPathComponent(name)

        try AtomicFile.write(Data("thumb".utf8), to: target)

        #expect(try Data(contentsOf: target) == Data("thumb".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [name])
        #expect(AtomicFile.temporaryName(pid: Int32.max).utf8.count <= 36)
        #expect(AtomicFile.writerPID(ofTemporaryName: AtomicFile.temporaryName(pid: 4242)) == 4242)
    }

    @Test("the exit handler deletes temporary files in progress; a late commit or create is refused with .cancelled")
    func exitRemovesFilesInProgress() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let registry = TemporaryFileRegistry()
        let path = folder.url.path + "/" + AtomicFile.temporaryName()
        let fd = try registry.create(path) { open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        defer { close(fd) }
        #expect(FileManager.default.fileExists(atPath: path))

        // When the process exits while the file is being written
        registry.removeAllAtExit()

        // Then
        #expect(!FileManager.default.fileExists(atPath: path))
        let commitError = #expect(throws: PhotoSourceError.self) {
            try registry.commit(path, to: folder.url.path + "/final.jpg")
        }
        #expect(commitError?.code == .cancelled)
        let other = folder.url.path + "/" + AtomicFile.temporaryName()
        let createError = #expect(throws: PhotoSourceError.self) {
            try registry.create(other) { open(other, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        #expect(createError?.code == .cancelled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("orphans of dead writers are swept at once; young files, live writers and other files are kept")
    func sweepOrphans() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func make(_ name: String, agedBy seconds: Int) throws -> String {
            let path = try folder.file(name).path
            age(path, by: seconds)
            return path
        }
        let orphan = try make(AtomicFile.temporaryName(pid: deadPID), agedBy: 10)
        let young = try make(AtomicFile.temporaryName(pid: deadPID), agedBy: 0)
        let liveWriter = try make(AtomicFile.temporaryName(pid: getppid()), agedBy: 10)
        let earlierSelf = try make(AtomicFile.temporaryName(pid: getpid()), agedBy: 10)  // our pid, not our file
        let userFile = try make(".tmp-holiday.jpg", agedBy: 7200)
        let (fd, inProgress) = try AtomicFile.createTemporary(beside: folder.url.appendingPathComponent("x.jpg"))
        defer {
            close(fd)
            AtomicFile.discardTemporary(inProgress)
        }
        age(inProgress, by: 10)

        let deleted = AtomicFile.sweepOrphans(in: folder.url)

        #expect(deleted == 2)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(!FileManager.default.fileExists(atPath: earlierSelf))
        for kept in [young, liveWriter, userFile, inProgress] {
            #expect(FileManager.default.fileExists(atPath: kept), "\(kept)")
        }
    }
}
