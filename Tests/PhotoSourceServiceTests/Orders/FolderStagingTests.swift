import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// A folder destination copies each line into a hidden staging folder while the order is still
/// being fetched, and its delivery uses those copies only where it can trust them.
@Suite("Folder delivery: photos staged while the order is fetched")
struct FolderStagingTests {
    /// The inode of `file`: the same number before and after delivery means the staged copy was kept.
    static func inode(_ file: URL) throws -> UInt64 {
        let number = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)
        return number.uint64Value
    }

    /// `count` assets of the order `ord_test`, the first `staged` of them prepared by a folder destination.
    struct StagedOrder {
        let assets: TestAssets
        let root: URL
        let destination: FolderDestination
        /// The destination's staging folder for the order.
        let staging: URL

        init(count: Int, staged: Int) async throws {
            assets = try TestAssets(count: count, bytes: 50_000)
            root = assets.folder.appendingPathComponent("orders")
            destination = FolderDestination(id: "shop", root: root)
            for asset in assets.assets.prefix(staged) { try await destination.prepare(asset, orderID: "ord_test") }
            staging = root.appendingPathComponent(destination.staging.folderName(orderID: "ord_test"))
        }

        /// Makes the staged copy of line `index` writable (staged copies are 0444) and returns it.
        func writableCopy(_ index: Int) -> URL {
            let file = staging.appendingPathComponent(assets.assets[index].fileName)
            #expect(chmod(file.path, 0o644) == 0)
            return file
        }
    }

    @Test("staged photos are kept (flushed, not copied again) and the folder arrives whole; nothing hidden is left")
    func stagedCopiesAreUsed() async throws {
        let order = try await StagedOrder(count: 4, staged: 3)
        defer { order.assets.remove() }
        let (assets, root, destination, staging) = (order.assets, order.root, order.destination, order.staging)
        let stagedInodes = try assets.assets.prefix(3).map { try Self.inode(staging.appendingPathComponent($0.fileName)) }
        // When
        let outcome = try await destination.deliver(assets.delivery()) { _ in }
        // Then
        #expect(outcome == .delivered)
        let folder = root.appendingPathComponent("ord_test")
        for (index, asset) in assets.assets.enumerated() {
            #expect(try Data(contentsOf: folder.appendingPathComponent(asset.fileName)) == (try assets.bytes(index)))
        }
        #expect(try assets.assets.prefix(3).map { try Self.inode(folder.appendingPathComponent($0.fileName)) } == stagedInodes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["ord_test"])
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o755, "readable by the shop's software, whoever it runs as")
        #expect(destination.staging.claim(orderID: "ord_test").isEmpty, "a delivery claims the staged copies once")
    }

    @Test("a staged photo the delivery does not carry is not in the folder; a staged copy cut short is copied again")
    func strayAndShortCopies() async throws {
        let order = try await StagedOrder(count: 3, staged: 3)
        defer { order.assets.remove() }
        let (assets, root, destination) = (order.assets, order.root, order.destination)
        // Line 1 cut short behind the destination's back (a full disk, an operator).
        #expect(truncate(order.writableCopy(1).path, 100) == 0)
        // Line 2 is not delivered here (its print file failed, say).
        var delivery = assets.delivery()
        delivery.assets.removeLast()
        // When
        _ = try await destination.deliver(delivery) { _ in }
        // Then
        let folder = root.appendingPathComponent("ord_test")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            == [assets.assets[0].fileName, assets.assets[1].fileName, "manifest.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent(assets.assets[1].fileName)) == (try assets.bytes(1)))
    }

    @Test("another process's staging folder for the order is removed and not trusted; other orders' are removed only when a day old")
    func foreignStagingFolders() async throws {
        // A process killed while it staged this order (its copy of line 0 damaged), and two other orders' staging folders.
        let killed = try await StagedOrder(count: 2, staged: 2)
        defer { killed.assets.remove() }
        let (assets, root) = (killed.assets, killed.root)
        try Data(repeating: 0, count: 50_000).write(to: killed.writableCopy(0))
        let fresh = root.appendingPathComponent(".ord_other.staging-\(UUID().uuidString)")
        let old = root.appendingPathComponent(".ord_old.staging-\(UUID().uuidString)")
        for folder in [fresh, old] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-FolderStaging.abandonedAfter - 60)], ofItemAtPath: old.path)
        // When: a new process delivers the order.
        let restarted = FolderDestination(id: "shop", root: root)
        _ = try await restarted.deliver(assets.delivery()) { _ in }
        // Then
        let folder = root.appendingPathComponent("ord_test")
        #expect(try Data(contentsOf: folder.appendingPathComponent(assets.assets[0].fileName)) == (try assets.bytes(0)))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["ord_test", fresh.lastPathComponent])
    }

    @Test("what was staged for an order no delivery will come to is removed, and a later delivery copies afresh")
    func discardPrepared() async throws {
        let order = try await StagedOrder(count: 2, staged: 2)
        defer { order.assets.remove() }
        // When
        await order.destination.discardPrepared(orderID: "ord_test")
        // Then
        #expect(!FileManager.default.fileExists(atPath: order.staging.path))
        #expect(order.destination.staging.claim(orderID: "ord_test").isEmpty)
        _ = try await order.destination.deliver(order.assets.delivery()) { _ in }
        let delivered = order.root.appendingPathComponent("ord_test").appendingPathComponent(order.assets.assets[0].fileName)
        #expect(try Data(contentsOf: delivered) == (try order.assets.bytes(0)))
    }
}
