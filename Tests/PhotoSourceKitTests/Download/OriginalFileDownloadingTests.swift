import Foundation
import PhotoSourceKit
import Testing

/// ``ImageDownloading/saveOriginal(_:from:to:)`` for file downloaders and for closure downloaders (the fallback).
@Suite("Saving originals into files")
struct OriginalFileDownloadingTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-original-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    let source = DefaultPhotoSource(
        id: "closure", title: "Closure", listing: .complete { _ in [] },
        downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })

    @Test("a file downloader copies the file, with the file's validator; over its limit is .tooLarge and writes nothing")
    func fileDownloaderCopies() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0) })
        try bytes.write(to: root.appendingPathComponent("big.jpg"))
        let item = DefaultPhotoSourceItem.image(id: "big.jpg", sourceID: "files", title: "big.jpg")
        let out = root.appendingPathComponent("copy.bin")
        // When
        let saved = try await FileImageDownloader(root: root).saveOriginal(item, from: source, to: out)
        // Then
        #expect(try Data(contentsOf: out) == bytes)
        #expect(saved.byteCount == bytes.count)
        #expect(saved.validator == (try FileImageDownloader(root: root).currentValidator(of: root.appendingPathComponent("big.jpg"), name: "big.jpg")))
        let refused = await #expect(throws: PhotoSourceError.self) {
            try await FileImageDownloader(root: root, maximumBytes: 1 << 20).saveOriginal(item, from: source, to: root.appendingPathComponent("small.bin"))
        }
        #expect(refused?.code == .tooLarge)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("small.bin").path))
    }

    @Test("a closure downloader's bytes are written (the fallback); its failure leaves no file")
    func closureFallback() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let item = DefaultPhotoSourceItem.image(id: "p", sourceID: "closure", title: "p")
        let good = ClosureImageDownloader { _, _ in ImageData(bytes: Data([1, 2, 3]), contentType: "image/png", validator: "v9") }
        let bad = ClosureImageDownloader { _, _ in throw PhotoSourceError(.connection, "down") }
        // When
        let saved = try await good.saveOriginal(item, from: source, to: root.appendingPathComponent("good"))
        let failed = await #expect(throws: PhotoSourceError.self) { try await bad.saveOriginal(item, from: source, to: root.appendingPathComponent("bad")) }
        // Then
        #expect(saved == DownloadedOriginal(byteCount: 3, contentType: "image/png", validator: "v9"))
        #expect(try Data(contentsOf: root.appendingPathComponent("good")) == Data([1, 2, 3]))
        #expect(failed?.code == .connection)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["good"])
    }
}
