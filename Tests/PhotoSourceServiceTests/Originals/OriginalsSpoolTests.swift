import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import SampleSources
import Testing

/// The spool's bookkeeping and disk layout, without a server.
@Suite("Originals spool")
struct OriginalsSpoolTests {
    static func record(_ name: String, key: String, bytes: Int, created: Date = Date(), versioned: Bool = true) -> SpoolIndex.Record {
        let original = SpooledOriginal(
            file: URL(fileURLWithPath: "/spool/\(name).original"), byteCount: bytes, md5Hex: "", md5Base64: "", sha256Hex: "", contentType: nil)
        return SpoolIndex.Record(fileName: name, key: key, original: original, created: created, isVersioned: versioned)
    }

    @Test("over its bound the spool deletes the least recently used files nobody reads, never one being read")
    func eviction() {
        var index = SpoolIndex(maximumBytes: 250, unversionedLifetime: 600)
        #expect(index.insert(Self.record("a", key: "A", bytes: 100)).isEmpty)
        #expect(index.insert(Self.record("b", key: "B", bytes: 100)).isEmpty)
        // "a" is used (and still read); "b" is not.
        #expect(index.pinCurrent(key: "A", now: Date()).record?.fileName == "a")
        // When
        let doomed = index.insert(Self.record("c", key: "C", bytes: 100))
        // Then
        #expect(doomed == ["b"])
        #expect(index.totalBytes == 200)
        // Once "a" is no longer read and "d" arrives, "a" (least recently used) goes.
        #expect(index.unpin(fileName: "a").isEmpty)
        #expect(index.insert(Self.record("d", key: "D", bytes: 100)) == ["a"])
    }

    @Test("a new download of a key retires the old file, deleted when its last reader is done")
    func retirement() {
        var index = SpoolIndex(maximumBytes: 1000, unversionedLifetime: 600)
        _ = index.insert(Self.record("old", key: "K", bytes: 10))
        _ = index.pinCurrent(key: "K", now: Date())
        // When
        #expect(index.insert(Self.record("new", key: "K", bytes: 10)).isEmpty)
        // Then
        #expect(index.pinCurrent(key: "K", now: Date()).record?.fileName == "new")
        #expect(index.unpin(fileName: "old") == ["old"])
    }

    @Test("unversioned entries expire after their lifetime; versioned ones do not")
    func expiry() {
        var index = SpoolIndex(maximumBytes: 1000, unversionedLifetime: 60)
        let long = Date(timeIntervalSinceNow: -3600)
        _ = index.insert(Self.record("u", key: "U", bytes: 10, created: long, versioned: false))
        _ = index.insert(Self.record("v", key: "V", bytes: 10, created: long))
        // When
        let unversioned = index.pinCurrent(key: "U", now: Date())
        // Then
        #expect(unversioned.record == nil)
        #expect(unversioned.doomed == ["u"])
        #expect(index.pinCurrent(key: "V", now: Date()).record != nil)
    }

    /// Runs `body` with an empty spool folder, the test library as a folder source and its sunset photo.
    static func withSunset(_ body: (URL, TestLibrary, ServiceSource, any PhotoSourceItem) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try TestLibrary()
        defer { photos.remove() }
        let source = try ServiceSource.folder(try LocalFolderSource(root: photos.root, id: "local:test", title: "Test"), id: "library")
        let item = try await source.item("Album/sunset.jpg")
        try await body(folder, photos, source, item)
    }

    @Test("a spool reopened finds its complete entries and deletes broken ones")
    func reopen() async throws {
        try await Self.withSunset { folder, photos, source, item in
            let first = try OriginalsSpool(directory: folder, maximumBytes: 1 << 30)
            let kept = try await first.withOriginal(of: item, in: source, session: nil) { $0 }
            // A broken entry: a sidecar whose file is shorter than it says.
            try Data("{}".utf8).write(to: folder.appendingPathComponent("broken.json"))
            // When
            let second = try OriginalsSpool(directory: folder, maximumBytes: 1 << 30)
            // Then
            let again = try await second.withOriginal(of: item, in: source, session: nil) { $0 }
            #expect(again == kept)
            #expect(again.byteCount == (try Data(contentsOf: photos.root.appendingPathComponent("Album/sunset.jpg"))).count)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("broken.json").path))
            #expect(second.fileCount == 1)
        }
    }

    @Test("a spool sharing its folder with another instance's reads the file that one fetched instead of fetching again")
    func sharedFolder() async throws {
        try await Self.withSunset { folder, _, source, item in
            // Given: two instances' spools on one folder, both open before anything is fetched
            let first = try OriginalsSpool(directory: folder, maximumBytes: 1 << 30)
            let second = try OriginalsSpool(directory: folder, maximumBytes: 1 << 30)
            // When
            let fetched = try await first.withOriginal(of: item, in: source, session: nil) { $0 }
            let read = try await second.withOriginal(of: item, in: source, session: nil) { $0 }
            // Then
            #expect(read == fetched)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".original") }
            #expect(files.count == 1)
        }
    }
}
