import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The copies a folder destination makes of the asset store's files: whole, `0444`, and
/// independent of the store's file (a clone or a copy, never a hard link).
@Suite("Folder delivery: copying from the asset store")
struct DeliveryCopyTests {
    static let methods: [DeliveryCopy.Method] = [.fastest, .readWrite]

    /// Every value of a delivered file that the asset's could share: its bytes and its mode.
    static func state(_ file: URL) throws -> (Data, Int) {
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)
        return (try Data(contentsOf: file), mode.intValue)
    }

    /// Overwrites the start of `file` in place (no new inode), as print software editing a photo would.
    static func scribble(on file: URL) throws {
        #expect(chmod(file.path, 0o644) == 0)
        let handle = try FileHandle(forUpdating: file)
        try handle.write(contentsOf: Data("scribbled".utf8))
        try handle.close()
    }

    @Test("a copy is byte-identical and 0444, by the kernel's copy and by the read/write fallback", arguments: methods)
    func copies(method: DeliveryCopy.Method) throws {
        let assets = try TestAssets(count: 1, bytes: 3 << 20)
        defer { assets.remove() }
        let copy = assets.folder.appendingPathComponent("delivered.jpg")
        // When
        try DeliveryCopy.copy(assets.assets[0].file, to: copy, permissions: 0o444, method: method)
        // Then
        let (bytes, mode) = try Self.state(copy)
        #expect(bytes == (try assets.bytes(0)))
        #expect(mode == 0o444)
    }

    @Test("a later write in place to the delivered file or to the asset leaves the other as it was", arguments: methods)
    func independent(method: DeliveryCopy.Method) throws {
        let assets = try TestAssets(count: 1, bytes: 1 << 20)
        defer { assets.remove() }
        let asset = assets.assets[0].file
        let original = try assets.bytes(0)
        let copy = assets.folder.appendingPathComponent("delivered.jpg")
        try DeliveryCopy.copy(asset, to: copy, permissions: 0o444, method: method)
        // When: the shop's software edits its photo in place
        try Self.scribble(on: copy)
        // Then: the asset store's bytes (what labs fetch under the MD5) are unchanged
        #expect(try Data(contentsOf: asset) == original)
        // When: and the other way round
        let second = assets.folder.appendingPathComponent("delivered-2.jpg")
        try DeliveryCopy.copy(asset, to: second, permissions: 0o444, method: method)
        try Self.scribble(on: asset)
        // Then
        #expect(try Data(contentsOf: second) == original)
    }

    @Test("a copy onto an existing file or from a missing one fails and leaves no partial file", arguments: methods)
    func failures(method: DeliveryCopy.Method) throws {
        let assets = try TestAssets(count: 1, bytes: 1000)
        defer { assets.remove() }
        let taken = assets.folder.appendingPathComponent("taken.jpg")
        try Data("mine".utf8).write(to: taken)
        // When
        #expect(throws: PhotoSourceError.self) { try DeliveryCopy.copy(assets.assets[0].file, to: taken, permissions: 0o444, method: method) }
        let target = assets.folder.appendingPathComponent("new.jpg")
        #expect(throws: PhotoSourceError.self) {
            try DeliveryCopy.copy(assets.folder.appendingPathComponent("gone.jpg"), to: target, permissions: 0o444, method: method)
        }
        // Then
        #expect(try Data(contentsOf: taken) == Data("mine".utf8))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("a folder destination delivers the same folder, 0444, by either method", arguments: methods)
    func folderDestination(method: DeliveryCopy.Method) async throws {
        let assets = try TestAssets(count: 3, bytes: 300_000)
        defer { assets.remove() }
        let root = assets.folder.appendingPathComponent("orders")
        // When
        let outcome = try await FolderDestination(id: "shop", root: root, copyMethod: method).deliver(assets.delivery()) { _ in }
        // Then
        #expect(outcome == .delivered)
        let folder = root.appendingPathComponent("ord_test")
        for (index, asset) in assets.assets.enumerated() {
            let (bytes, mode) = try Self.state(folder.appendingPathComponent(asset.fileName))
            #expect(bytes == (try assets.bytes(index)))
            #expect(mode == 0o444)
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
    }

    @Test("an order of more photos than the flush window arrives whole, reported in one progress call, with no file left open")
    func manyPhotos() async throws {
        let count = FolderDestination.flushWindow * 2 + 5
        let assets = try TestAssets(count: count, bytes: 20_000)
        defer { assets.remove() }
        let root = assets.folder.appendingPathComponent("orders")
        let log = ProgressLog()
        let calls = Shared(0)
        // When
        let outcome = try await FolderDestination(id: "shop", root: root).deliver(assets.delivery()) { results in
            calls.update { $0 += 1 }
            try await log.progress(results)
        }
        // Then
        #expect(outcome == .delivered)
        #expect(calls.value == 1)
        #expect(log.results.value.map(\.index) == Array(0..<count) && log.results.value.allSatisfy(\.delivered))
        let folder = root.appendingPathComponent("ord_test")
        for (index, asset) in assets.assets.enumerated() {
            #expect(try Data(contentsOf: folder.appendingPathComponent(asset.fileName)) == (try assets.bytes(index)))
        }
        #expect(try Self.openFiles(under: root).isEmpty, "every copied photo's descriptor is closed once it is flushed")
    }

    /// The files under `folder` this process has open (other tests' files do not count).
    static func openFiles(under folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")).flatMap { $0.hasPrefix(folder.path) ? $0 : nil }
        }
    }
}
