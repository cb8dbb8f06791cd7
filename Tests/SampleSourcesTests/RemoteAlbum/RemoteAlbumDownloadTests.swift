import Foundation
import PhotoImaging
import PhotoSourceKit
import Synchronization
import Testing
@testable import SampleSources

@Suite("RemoteAlbumSource: downloads")
struct RemoteAlbumDownloadTests {
    @Test("thumbnail and original: JPEG bytes, sizes as promised, the ETag as validator")
    func thumbnailAndOriginal() async throws {
        try await CloudFixture.run { fixture in
            let photo = try #require(try await fixture.photos(album: 1, page: 0).contentItems.first)
            let size = try #require(photo.pixelSize)
            let downloader = fixture.source.downloader

            let thumbnail = try await downloader.download(photo, from: fixture.source, variant: .thumbnail)
            #expect(thumbnail.contentType == "image/jpeg")
            #expect(thumbnail.validator == "\"v1-\(photo.id)-thumbnail-\(try ImageHeader.read(thumbnail.bytes).displaySize)\"")
            #expect(max(try ImageHeader.read(thumbnail.bytes).displaySize.width, try ImageHeader.read(thumbnail.bytes).displaySize.height) <= 320)

            let original = try await downloader.download(photo, from: fixture.source, variant: .full)
            #expect(try ImageHeader.read(original.bytes).displaySize == size)
            #expect(original.validator == "\"v1-\(photo.id)-original-\(size)\"")
            #expect(original.validator != thumbnail.validator)

            let again = try await downloader.download(photo, from: fixture.source, variant: .full)
            #expect(again.bytes == original.bytes)
            #expect(again.validator == original.validator)
        }
    }

    @Test("an original is saved through the cloud downloader's streaming path, never its buffered .full download")
    func originalStreamedToFile() async throws {
        try await CloudFixture.run { fixture in
            let photo = try #require(try await fixture.photos(album: 1, page: 0).contentItems.first)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-original-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let streaming = StreamingOnlyDownloader()
            // When
            let saved = try await DamagedPhotoDownloader(base: streaming).saveOriginal(photo, from: fixture.source, to: folder.appendingPathComponent("a.jpg"))
            // Then
            #expect(saved.byteCount == 3)
            #expect(streaming.calls.withLock { $0 } == ["downloadOriginal"])
            // And the real source's original, saved to a file, is the .full download's bytes
            let file = folder.appendingPathComponent("original.jpg")
            let stored = try await fixture.source.downloader.saveOriginal(photo, from: fixture.source, to: file)
            let whole = try await fixture.source.downloader.download(photo, from: fixture.source, variant: .full)
            #expect(try Data(contentsOf: file) == whole.bytes)
            #expect(stored.validator == whole.validator)
        }
    }

    @Test("a redirect to an origin outside the allow-list is refused before connecting")
    func redirectOutsideAllowList() async throws {
        try await CloudFixture.run { fixture in
            let photo = try #require(try await fixture.photos(album: 1, page: 0).contentItems.first)
            // Same server, but "localhost" is not the trusted origin (127.0.0.1): no connection may be made.
            fixture.cloud.faults.redirectImagesToOrigin = "http://localhost:\(fixture.url.port!)"
            let before = fixture.cloud.statistics.count(.original)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.downloader.download(photo, from: fixture.source, variant: .full)
            }
            #expect(error?.code == .accessDenied)
            #expect(fixture.cloud.statistics.count(.original) == before + 1)
            #expect(try await fixture.source.isAuthenticated())
        }
    }

    @Test("a 429 with Retry-After is waited out; a truncated body fails with a typed error")
    func rateLimitAndTruncation() async throws {
        try await CloudFixture.run { fixture in
            let photo = try #require(try await fixture.photos(album: 1, page: 0).contentItems.first)
            fixture.cloud.faults.rateLimitNextRequests = 1
            let data = try await fixture.source.downloader.download(photo, from: fixture.source, variant: .thumbnail)
            #expect(!data.bytes.isEmpty)
            #expect(fixture.cloud.statistics.injectedErrors == 1)

            fixture.cloud.faults = DemoCloud.Faults(truncateBodies: true)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.downloader.download(photo, from: fixture.source, variant: .full)
            }
            #expect(error?.code == .connection)
            #expect(try await fixture.source.isAuthenticated())
        }
    }

    @Test("a photo by id, and its original saved to a file; a failed transfer leaves no file")
    func lookupAndSave() async throws {
        try await CloudFixture.run { fixture in
            let photo = try await fixture.source.item(id: "photo-2-4321")
            #expect(photo.title == "Camera Roll 4321")
            #expect(photo.kind == .image)
            let size = try #require(photo.pixelSize)
            let missing = await #expect(throws: PhotoSourceError.self) { _ = try await fixture.source.item(id: "photo-2-5001") }
            #expect(missing?.code == .notFound)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-album-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("original.jpg")
            try await fixture.source.saveOriginal(of: photo, to: file)
            #expect(try ImageHeader.read(Data(contentsOf: file)).displaySize == size)

            let failed = folder.appendingPathComponent("failed.jpg")
            fixture.cloud.faults.truncateBodies = true
            await #expect(throws: PhotoSourceError.self) { try await fixture.source.saveOriginal(of: photo, to: failed) }
            #expect(!FileManager.default.fileExists(atPath: failed.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["original.jpg"])
        }
    }

    @Test("a download of an item that is not a photo is refused")
    func notAPhoto() async throws {
        try await CloudFixture.run { fixture in
            let album = try await fixture.album(1)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.downloader.download(album, from: fixture.source, variant: .thumbnail)
            }
            #expect(error?.code == .invalidData)
        }
    }
}

/// A downloader that records which path was taken: `download` fails, `downloadOriginal` writes three bytes.
private final class StreamingOnlyDownloader: ImageDownloading, OriginalFileDownloading {
    let calls = Mutex<[String]>([])

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        calls.withLock { $0.append("download") }
        throw PhotoSourceError(.connection, "buffered download")
    }

    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        calls.withLock { $0.append("downloadOriginal") }
        try Data([1, 2, 3]).write(to: file)
        return DownloadedOriginal(byteCount: 3)
    }
}
