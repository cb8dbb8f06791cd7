import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoImaging

/// End to end with the real renderer: JPEGs and PNGs generated in code.
@Suite("ThumbnailCache and BatchThumbnailer with real images")
struct RealImageCacheTests {
    static let jpeg = try! ImageEncoder.jpeg(SyntheticImages.gradient(width: 640, height: 480), quality: 90)

    static func realCache(folder: URL?) -> ThumbnailCache {
        ThumbnailCache(ThumbnailCache.Configuration(diskDirectory: folder, decodeThreads: 2, log: { _ in }))
    }

    static func source(serving bytes: Data, downloads: Locked<Int>) -> DefaultPhotoSource {
        DefaultPhotoSource(
            id: "real", title: "Real", listing: .complete { _ in [] },
            downloader: ClosureImageDownloader { _, _ in
                downloads.mutate { $0 += 1 }
                return ImageData(bytes: bytes, validator: "1")
            })
    }

    @Test("a JPEG becomes a JPEG thumbnail that memory and, after a restart, disk return unchanged")
    func jpegThroughAllTiers() async throws {
        try await withTemporaryFolder { folder in
            let downloads = Locked(0)
            let source = Self.source(serving: Self.jpeg, downloads: downloads)
            let spec = ThumbnailSpec(maxPixelSize: 64)
            let cache = Self.realCache(folder: folder)

            let made = try await cache.thumbnail(for: photo("g", source: "real"), from: source, spec: spec)
            let fromMemory = try await cache.thumbnail(for: photo("g", source: "real"), from: source, spec: spec)
            let restarted = Self.realCache(folder: folder)
            let fromDisk = try await restarted.thumbnail(for: photo("g", source: "real"), from: source, spec: spec)

            #expect(made.format == .jpeg)
            #expect(made.pixelSize == PixelSize(width: 64, height: 48))
            #expect(made.data.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(fromMemory == made)
            #expect(fromDisk == made)
            // The downloader cannot tell the version without a download, so the restarted cache
            // downloads once to check the entry, and serves it without decoding.
            #expect(downloads.value == 2)
            #expect(restarted.counters.diskHits == 1)
            #expect(restarted.counters.decodes == 0)
        }
    }

    @Test("a corrupt download is a typed error that is not cached")
    func corruptImage() async throws {
        let downloads = Locked(0)
        let source = Self.source(serving: Self.jpeg.prefix(Self.jpeg.count / 3), downloads: downloads)
        let cache = Self.realCache(folder: nil)
        for _ in 0..<2 {
            let error = await #expect(throws: PhotoSourceError.self) {
                try await cache.thumbnail(for: photo("g", source: "real"), from: source, spec: ThumbnailSpec())
            }
            #expect(error?.code == .invalidData)
        }
        #expect(downloads.value == 2)
        #expect(cache.counters.bytesInMemory == 0)
    }

    @Test("a batch writes real thumbnails and reports bad files with their codes")
    func realBatch() async throws {
        try await withTemporaryFolder { folder in
            var rgba = PixelBuffer(width: 300, height: 200, channels: 4)
            for index in stride(from: 3, to: rgba.pixels.count, by: 4) { rgba.pixels[index] = 128 }
            let photoFile = folder.appendingPathComponent("photo.jpg")
            let alphaFile = folder.appendingPathComponent("overlay.png")
            let textFile = folder.appendingPathComponent("notes.jpg")
            try Self.jpeg.write(to: photoFile)
            try ImageEncoder.png(rgba).write(to: alphaFile)
            try Data("not an image".utf8).write(to: textFile)
            let out = folder.appendingPathComponent("thumbs")

            let report = await BatchThumbnailer(spec: ThumbnailSpec(maxPixelSize: 100), outputDirectory: out, jobs: 2)
                .run([photoFile, alphaFile, textFile])

            let jpegOut = try report.results[0].outcome.get()
            #expect(jpegOut.url.lastPathComponent == "photo_thumb.jpg")
            #expect(jpegOut.pixelSize == PixelSize(width: 100, height: 75))
            let pngOut = try report.results[1].outcome.get()
            #expect(pngOut.url.lastPathComponent == "overlay_thumb.png")
            #expect(pngOut.pixelSize == PixelSize(width: 100, height: 67) || pngOut.pixelSize == PixelSize(width: 100, height: 66))
            #expect(try Data(contentsOf: pngOut.url).starts(with: [0x89, 0x50, 0x4E, 0x47]))
            guard case .failure(let error) = report.results[2].outcome else {
                Issue.record("text was thumbnailed")
                return
            }
            #expect(error.code == .unsupportedFormat)
        }
    }
}
