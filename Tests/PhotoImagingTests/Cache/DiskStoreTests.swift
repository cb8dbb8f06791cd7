import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoImaging
#if canImport(Glibc)
import Glibc
#endif

@Suite("DiskStore and DiskEntry")
struct DiskStoreTests {
    static func key(_ id: String, size: Int = 64) -> CacheKey {
        CacheKey(item: ItemReference(sourceID: "disk", itemID: id), spec: ThumbnailSpec(maxPixelSize: size))
    }

    static func entry(for key: CacheKey, payload: Int = 100, validator: String = "v1") -> DiskEntry {
        let bytes = Data((0..<payload).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ key.canonical.count) })
        return DiskEntry(
            key: key.canonical, validator: validator,
            thumbnail: Thumbnail(data: bytes, pixelSize: PixelSize(width: 64, height: 48), format: .png))
    }

    @Test("an entry survives encoding and decoding unchanged")
    func roundTrip() throws {
        let original = Self.entry(for: Self.key("a"), validator: "etag-\"é\"")
        let decoded = try DiskEntry(decoding: original.encoded())
        #expect(decoded == original)
        #expect(decoded.thumbnail.data.startIndex == 0)
    }

    enum Damage: String, CaseIterable, Sendable {
        case truncated, padded, payloadBitFlip, headerBitFlip, empty
    }

    @Test("a damaged entry is a miss and is deleted", arguments: Damage.allCases)
    func damagedEntryIsDeleted(damage: Damage) async throws {
        try await withTemporaryFolder { folder in
            let store = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })
            let key = Self.key("a")
            store.store(Self.entry(for: key), for: key)
            let file = folder.appendingPathComponent(key.fileName)
            var bytes = try Data(contentsOf: file)
            switch damage {
            case .truncated: bytes.removeLast()
            case .padded: bytes.append(0)
            case .payloadBitFlip: bytes[bytes.count - 10] ^= 0x04
            case .headerBitFlip: bytes[9] ^= 0x01  // the width
            case .empty: bytes = Data()
            }
            try bytes.write(to: file)

            // When
            let found = store.entry(for: key)

            // Then
            #expect(found == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("an entry written by one store is read by a new store over the same folder")
    func survivesRestart() async throws {
        await withTemporaryFolder { folder in
            let key = Self.key("a")
            let entry = Self.entry(for: key)
            DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in }).store(entry, for: key)

            let reopened = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })

            #expect(reopened.entry(for: key) == entry)
            #expect(reopened.bytesOnDisk == entry.encoded().count)
        }
    }

    @Test("an entry stored under a colliding file name is not served for another key")
    func collisionIsAMiss() async throws {
        try await withTemporaryFolder { folder in
            let store = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })
            let key = Self.key("a")
            let other = Self.key("b")
            // Simulate a hash collision: b's entry bytes at a's file name.
            try Self.entry(for: other).encoded().write(to: folder.appendingPathComponent(key.fileName))
            #expect(store.entry(for: key) == nil)
        }
    }

    @Test("the sweep deletes the least recently used entries down to 70% of the limit")
    func sweepToSeventyPercent() async throws {
        await withTemporaryFolder { folder in
            let writer = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })
            let keys = (0..<12).map { Self.key(String(format: "item%02d", $0)) }  // equal lengths, equal sizes
            for key in keys { writer.store(Self.entry(for: key, payload: 800), for: key) }
            let entrySize = Self.entry(for: keys[0], payload: 800).encoded().count
            // Give the entries distinct, increasing use times: item0 oldest.
            for (index, key) in keys.enumerated() {
                var times = [timespec(tv_sec: 1_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_000_000 + index, tv_nsec: 0)]
                #expect(utimensat(AT_FDCWD, folder.appendingPathComponent(key.fileName).path, &times, 0) == 0)
            }
            let limit = entrySize * 10  // 12 entries are over it
            let store = DiskStore(directory: folder, sizeLimit: limit, log: { _ in })
            #expect(store.entry(for: keys[0]) != nil)  // reading item0 makes it the most recent

            // When
            let deleted = store.sweep()

            // Then: 70% of 10 entries is 7 entries; the 5 least recently used go.
            #expect(deleted == 5)
            #expect(store.evictions == 5)
            #expect(store.bytesOnDisk == 7 * entrySize)
            #expect(store.bytesOnDisk <= limit * 7 / 10)
            let remaining = Set(entryFiles(in: folder))
            #expect(remaining == Set(([0] + Array(6..<12)).map { keys[$0].fileName }))
        }
    }

    @Test("storing past the limit sweeps by itself")
    func storeSweeps() async throws {
        await withTemporaryFolder { folder in
            let keys = (0..<11).map { Self.key(String(format: "item%02d", $0)) }
            let entrySize = Self.entry(for: keys[0], payload: 800).encoded().count
            let store = DiskStore(directory: folder, sizeLimit: entrySize * 10, log: { _ in })
            for key in keys {
                store.store(Self.entry(for: key, payload: 800), for: key)
            }
            #expect(store.evictions > 0)
            #expect(store.bytesOnDisk <= entrySize * 7)
            #expect(entryFiles(in: folder).count == store.bytesOnDisk / entrySize)
        }
    }

    @Test("an entry larger than 10% of the limit is not stored")
    func entryCap() async throws {
        await withTemporaryFolder { folder in
            let store = DiskStore(directory: folder, sizeLimit: 1000, log: { _ in })
            let key = Self.key("big")
            store.store(Self.entry(for: key, payload: 200), for: key)
            #expect(entryFiles(in: folder).isEmpty)
            #expect(store.bytesOnDisk == 0)
        }
    }

    @Test("an oversized file at an entry's name is deleted without being served")
    func oversizedFileIsDeleted() async throws {
        try await withTemporaryFolder { folder in
            let store = DiskStore(directory: folder, sizeLimit: 10_000, log: { _ in })
            let key = Self.key("a")
            let file = folder.appendingPathComponent(key.fileName)
            try Data(count: 5_000).write(to: file)
            #expect(store.entry(for: key) == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("removeAll empties the folder")
    func removeAll() async throws {
        await withTemporaryFolder { folder in
            let store = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })
            for index in 0..<3 {
                let key = Self.key("item\(index)")
                store.store(Self.entry(for: key), for: key)
            }
            #expect(entryFiles(in: folder).count == 3)
            store.removeAll()
            #expect(entryFiles(in: folder).isEmpty)
            #expect(store.bytesOnDisk == 0)
        }
    }

    @Test("opening the folder deletes temp files of a writer that was killed, without waiting an hour")
    func opensSweepingOrphans() async throws {
        try await withTemporaryFolder { folder in
            let orphan = folder.appendingPathComponent(".psk-tmp-2147483646-0123456789abcdef")
            try Data("torn entry".utf8).write(to: orphan)
            makeOld(orphan, seconds: 30)

            _ = DiskStore(directory: folder, sizeLimit: 1 << 20, log: { _ in })

            #expect(!FileManager.default.fileExists(atPath: orphan.path))
        }
    }
}
