import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The shared-folder storage behind the asset store and the originals spool, as several
/// instances (on several machines) see one folder.
@Suite("Shared folder storage")
struct SharedDirectoryTests {
    /// A pid no process has on this machine: a writer on another machine sharing the folder.
    static func pidFromAnotherMachine() -> Int32 {
        var pid: Int32 = 3_999_999
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    /// A temporary file named as `pid`'s, last written `age` seconds ago.
    static func temporary(in folder: URL, pid: Int32, age: TimeInterval) throws -> URL {
        let random = String(format: "%016llx", UInt64.random(in: 0...UInt64.max))
        let file = folder.appendingPathComponent(".psk-tmp-\(pid)-\(random)")
        try Data(count: 100).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
        return file
    }

    @Test("an asset store opening keeps another machine's temporary file still being written, and deletes one abandoned for 15 minutes")
    func abandonedTemporaries() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let root = library.stateFolder.appendingPathComponent("assets", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let pid = Self.pidFromAnotherMachine()
        // Given: a large original another instance has been writing for two minutes, and a dead writer's leftover
        let live = try Self.temporary(in: root, pid: pid, age: 120)
        let leftover = try Self.temporary(in: root, pid: pid - 1, age: 16 * 60)
        // When
        let store = try AssetStore(root: root)
        // Then
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        _ = try await store.ingest(file: library.root.appendingPathComponent("portrait.jpg"))
    }

    @Test("a spool opening keeps another machine's download being written, and deletes one abandoned for 15 minutes")
    func spoolTemporaries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pid = Self.pidFromAnotherMachine()
        let live = try Self.temporary(in: folder, pid: pid, age: 30)
        let leftover = try Self.temporary(in: folder, pid: pid, age: 16 * 60)
        // When
        _ = try OriginalsSpool(directory: folder, maximumBytes: 1 << 30)
        // Then
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("committing a content-addressed file keeps the one already there and says so; replacing puts the new one in place")
    func commit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SharedDirectory(root: folder)
        try storage.write(Data("first".utf8), to: "ab/abc.jpg", permissions: 0o600)
        // When: a second instance stages the same name
        let staged = try storage.stage(for: "incoming", permissions: 0o600)
        close(staged.descriptor)
        let outcome = try storage.commit(staged, to: "ab/abc.jpg", replacing: false)
        // Then
        #expect(outcome == .alreadyThere)
        #expect(!FileManager.default.fileExists(atPath: staged.path))
        #expect(try Data(contentsOf: storage.location(of: "ab/abc.jpg")) == Data("first".utf8))
        try storage.write(Data("second".utf8), to: "ab/abc.jpg", permissions: 0o600)
        #expect(try Data(contentsOf: storage.location(of: "ab/abc.jpg")) == Data("second".utf8))
        #expect(storage.names(in: "ab", prefix: "") == ["abc.jpg"])
    }
}
