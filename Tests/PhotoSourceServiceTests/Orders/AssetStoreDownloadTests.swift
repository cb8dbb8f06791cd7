import Crypto
import Foundation
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// A cloud original is downloaded straight into the asset store (``AssetStore/ingest(downloading:)``):
/// written once, kept only when whole and a photo, never left half-written at a hash.
@Suite("The asset store: originals downloaded into it")
struct AssetStoreDownloadTests {
    static let photo = try! ImageEncoder.jpeg(TestLibrary.gradient(width: 800, height: 600))

    /// Runs `body` with a store in a fresh folder and a loopback server serving `photos`.
    static func run(
        _ photos: [String: LoopbackPhotoServer.Photo], _ body: @Sendable (AssetStore, LoopbackPhotoServer) async throws -> Void
    ) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("asset-download-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try AssetStore(root: root)
        try await LoopbackPhotoServer.run(photos) { server in try await body(store, server) }
    }

    /// Downloads `path` from `server` into `file` as the order pipeline's downloaders do (a temporary file beside it, renamed when whole).
    static func download(_ path: String, from server: LoopbackPhotoServer, to file: URL) async throws {
        let options = HTTPOptions(addressPolicy: try .trusting(origins: [server.origin]), retry: .none)
        _ = try await HTTPClient.shared.download(HTTPRequest(url: URL(string: server.origin + path)!, options: options), to: file)
    }

    /// Every regular file under `root`, relative, temporary ones included.
    static func files(under root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.path.dropFirst(root.path.count + 1)) }.sorted()
    }

    @Test("a whole download is stored once at its hash, 0400, with its MD5 and SHA-256; nothing else is left")
    func wholeDownload() async throws {
        try await Self.run(["/photo.jpg": .init(bytes: Self.photo, etag: "\"v1\"")]) { store, server in
            // When
            let asset = try await store.ingest { try await Self.download("/photo.jpg", from: server, to: $0) }
            // Then
            let sha = SHA256.hash(data: Self.photo).map { String(format: "%02x", $0) }.joined()
            #expect(asset.sha256 == sha)
            #expect(asset.md5 == Insecure.MD5.hash(data: Self.photo).map { String(format: "%02x", $0) }.joined())
            #expect(asset.byteCount == Int64(Self.photo.count))
            #expect(asset.header.encodedSize.width == 800)
            #expect(try Data(contentsOf: asset.file) == Self.photo)
            #expect(Self.files(under: store.root) == ["\(sha.prefix(2))/\(sha).jpg"])
            let mode = try #require(FileManager.default.attributesOfItem(atPath: asset.file.path)[.posixPermissions] as? NSNumber)
            #expect(mode.intValue == 0o400)
        }
    }

    @Test("a download cut off halfway fails as a connection error and leaves no asset and no temporary file")
    func truncatedDownload() async throws {
        try await Self.run(["/cut.jpg": .init(bytes: Self.photo, etag: "\"c1\"", isTruncated: true)]) { store, server in
            // When
            let error = await #expect(throws: PhotoSourceError.self) {
                try await store.ingest { try await Self.download("/cut.jpg", from: server, to: $0) }
            }
            // Then
            #expect(error?.code == .connection)
            #expect(Self.files(under: store.root).isEmpty)
        }
    }

    @Test("a download that claims a JPEG but is not one fails as unsupported data and leaves nothing")
    func lyingDownload() async throws {
        let page = Data("<html><body>Sign in to see this photo</body></html>".utf8)
        try await Self.run(["/page.jpg": .init(bytes: page, etag: "\"p1\"")]) { store, server in
            // When
            let error = await #expect(throws: PhotoSourceError.self) {
                try await store.ingest { try await Self.download("/page.jpg", from: server, to: $0) }
            }
            // Then
            #expect(error?.code == .unsupportedFormat || error?.code == .invalidData, "\(String(describing: error))")
            #expect(Self.files(under: store.root).isEmpty)
        }
    }

    @Test("a downloader that writes part of the file and then fails (or is cancelled) leaves no asset and no temporary file")
    func failedWriter() async throws {
        try await Self.run([:]) { store, _ in
            // When: the file already holds half the photo when the downloader fails
            await #expect(throws: PhotoSourceError.self) {
                try await store.ingest { file in
                    try Self.photo.prefix(Self.photo.count / 2).write(to: file)
                    throw PhotoSourceError(.connection, "The connection dropped.")
                }
            }
            await #expect(throws: CancellationError.self) {
                try await store.ingest { file in
                    try Self.photo.prefix(100).write(to: file)
                    throw CancellationError()
                }
            }
            // Then
            #expect(Self.files(under: store.root).isEmpty)
        }
    }

    @Test("what a killed download leaves has a temporary name, never a hash, and a store opened later removes it once abandoned")
    func killedDownloadLeftovers() async throws {
        try await Self.run([:]) { store, _ in
            // When: a download stopped dead (no defer runs), as kill -9 stops it
            let staged = try store.startTemporary()
            close(staged.descriptor)
            try Self.photo.prefix(1000).write(to: URL(fileURLWithPath: staged.path))
            let left = Self.files(under: store.root)
            // Then
            #expect(left.count == 1 && left.allSatisfy { $0.hasPrefix(SharedDirectory.temporaryPrefix) }, "\(left)")
            let reopened = try AssetStore(storage: SharedDirectory(root: store.root, abandonedAfter: 0))
            #expect(Self.files(under: reopened.root).isEmpty)
        }
    }
}
