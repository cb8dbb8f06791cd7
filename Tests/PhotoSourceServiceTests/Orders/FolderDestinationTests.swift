import Foundation
import PhotoNetworking
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// A failed delivery tells the customer what happened in words, never the server's paths.
@Suite("Destinations' file failures")
struct FolderDestinationTests {
    @Test("an asset gone from the asset store fails the delivery (retried: unknown) with a sentence that names no path")
    func missingAsset() async throws {
        let assets = try TestAssets(count: 2, bytes: 1000)
        defer { try? FileManager.default.removeItem(at: assets.folder) }
        let root = assets.folder.appendingPathComponent("orders")
        try FileManager.default.removeItem(at: assets.assets[1].file)
        // When
        let error = await #expect(throws: PhotoSourceError.self) {
            _ = try await FolderDestination(id: "shop-folder", root: root).deliver(assets.delivery()) { _ in }
        }
        // Then
        let failure = try #require(error)
        #expect(failure.code == .unknown)
        #expect(failure.message == "Could not write the order into the order folder (No such file or directory): a file or folder it needs is missing.")
        #expect(!failure.message.contains("/"), "\(failure.message)")
        #expect(!failure.message.contains("NSFilePath"))
        // The operator's log keeps the whole error.
        #expect("\(String(reflecting: failure.underlying))".contains(assets.assets[1].file.lastPathComponent))
        // Nothing half-written is left in the order folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test("an HTTP upload of an asset gone from the asset store fails without the path, before anything is sent")
    func missingAssetUpload() async throws {
        let assets = try TestAssets(count: 1, bytes: 1000)
        defer { try? FileManager.default.removeItem(at: assets.folder) }
        try FileManager.default.removeItem(at: assets.assets[0].file)
        // Port 9 on loopback: never reached, the asset is checked first.
        let destination = try HTTPUploadDestination(
            .init(id: "upload", url: URL(string: "http://127.0.0.1:9/upload")!, mode: .sequential(spacing: .zero), timeout: .seconds(5)),
            client: .shared, pause: { _ in })
        // When
        let error = await #expect(throws: PhotoSourceError.self) { _ = try await destination.deliver(assets.delivery()) { _ in } }
        // Then
        let failure = try #require(error)
        #expect(failure.message == "Could not read an asset to send from the asset store (No such file or directory): a file or folder it needs is missing.")
        #expect(!failure.message.contains(assets.folder.path))
    }

    @Test(
        "Foundation's and POSIX file errors map to one code and sentence per reason",
        arguments: [
            (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue, userInfo: [
                NSFilePathErrorKey: "/srv/state/assets/7a/7abc.jpg", NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)),
            ]), PhotoSourceError.Code.storageFull, "the disk is full; free some space or move the order folder."),
            (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteOutOfSpace.rawValue, userInfo: [NSFilePathErrorKey: "/srv/x"]),
             .storageFull, "the disk is full"),
            (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteNoPermission.rawValue, userInfo: [NSFilePathErrorKey: "/srv/x"]),
             .accessDenied, "check the folder's owner and permissions"),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(EIO)), .unknown, "Input/output error"),
        ])
    func mapping(error: NSError, code: PhotoSourceError.Code, words: String) {
        // When
        let failure = FileSystemFailure.describe(error, doing: "write the order into", "the order folder")
        // Then
        #expect(failure.code == code)
        #expect(failure.message.contains(words), "\(failure.message)")
        #expect(!failure.message.contains("/srv"))
    }
}
