import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Folder index caching")
struct FolderIndexCacheTests {
    @Test("the index is reused while the folder is unchanged and rebuilt when a file is added or removed")
    func invalidation() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["b.jpg", "d.jpg"] { try folder.write(ImageFixtures.jpeg(), to: name) }
        try folder.age()
        let cache = FolderIndexCache(settleTime: .seconds(1))
        let source = try LocalFolderSource(root: folder.url, id: nil, title: nil, cache: cache)

        // When listed twice
        #expect(try await allIDs(of: source) == ["b.jpg", "d.jpg"])
        #expect(try await allIDs(of: source) == ["b.jpg", "d.jpg"])
        // Then the folder was scanned once
        #expect(cache.buildCount == 1)

        // When a file is added
        try folder.write(ImageFixtures.jpeg(), to: "c.jpg")
        // Then the listing sees it
        #expect(try await allIDs(of: source) == ["b.jpg", "c.jpg", "d.jpg"])
        #expect(cache.buildCount == 2)

        // When a file is removed (and the folder has settled)
        try FileManager.default.removeItem(atPath: folder.path("b.jpg"))
        try folder.age()
        #expect(try await allIDs(of: source) == ["c.jpg", "d.jpg"])
        let builds = cache.buildCount
        #expect(try await allIDs(of: source) == ["c.jpg", "d.jpg"])
        #expect(cache.buildCount == builds)
    }

    @Test("a folder modified within the settle time is rescanned on every listing")
    func racyFolderRescanned() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(), to: "a.jpg")
        let cache = FolderIndexCache(settleTime: .seconds(3600))
        let source = try LocalFolderSource(root: folder.url, id: nil, title: nil, cache: cache)

        _ = try await source.items(in: .root, page: 0, count: 5)
        _ = try await source.items(in: .root, page: 0, count: 5)

        #expect(cache.buildCount == 2)
    }

    @Test("a folder replaced by another one with the same mtime (a new inode) is rescanned")
    func replacedFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(ImageFixtures.jpeg(), to: "Album/old.jpg")
        try folder.write(ImageFixtures.jpeg(), to: "Other/new.jpg")
        try folder.age("Album")
        try folder.age("Other")
        let cache = FolderIndexCache(settleTime: .zero)
        let source = try LocalFolderSource(root: folder.url, id: nil, title: nil, cache: cache)
        #expect(try await allIDs(of: source, in: folderScope("Album")) == ["Album/old.jpg"])

        // When "Other" takes the place of "Album", with the very same mtime
        try FileManager.default.removeItem(atPath: folder.path("Album"))
        try FileManager.default.moveItem(atPath: folder.path("Other"), toPath: folder.path("Album"))
        try folder.age("Album")

        // Then the listing shows the new folder's content
        #expect(try await allIDs(of: source, in: folderScope("Album")) == ["Album/new.jpg"])
        #expect(cache.buildCount == 2)
    }

    @Test("the cache forgets the least recently listed folder beyond its capacity")
    func capacity() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["A", "B", "C"] { try folder.write(ImageFixtures.jpeg(), to: "\(name)/x.jpg"); try folder.age(name) }
        let cache = FolderIndexCache(capacity: 2, settleTime: .zero)
        let source = try LocalFolderSource(root: folder.url, id: nil, title: nil, cache: cache)

        for name in ["A", "B", "A", "C", "A"] { _ = try await allIDs(of: source, in: folderScope(name)) }
        #expect(cache.buildCount == 3)
        _ = try await allIDs(of: source, in: folderScope("B"))
        #expect(cache.buildCount == 4)
    }
}
