import Foundation
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Demo cloud thumbnails larger than the cloud's own come from the original")
struct RemoteAlbumThumbnailSizeTests {
    /// Album 1 holds 2000×1500 photos; the cloud's thumbnails are 320 px.
    static let configuration = DemoCloud.Configuration(
        albums: [.init(title: "Big", photoCount: 2)], photoSizes: [PixelSize(width: 2000, height: 1500)], autoApprove: true)

    @Test("a 1024 px thumbnail is 1024 px (from the original); a 256 px one still uses the cloud's thumbnail")
    func largeThumbnailFromOriginal() async throws {
        // Given
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: Self.configuration)
        let source = try RemoteAlbumSource(baseURL: url, credentialStore: InMemoryCredentialStore(), autoApprove: true)
        try await source.signIn()
        let scope = ItemScope.root.appending(id: "album-1", title: "Big")
        let photo = try #require(try await source.items(in: scope, page: 0, count: 10).contentItems.first)
        let cache = ThumbnailCache(ThumbnailCache.Configuration(memoryLimit: 8 << 20, log: { _ in }))

        // When
        let large = try await cache.thumbnail(for: photo, from: source, spec: ThumbnailSpec(maxPixelSize: 1024))
        let afterLarge = await cloud.statistics
        let small = try await cache.thumbnail(for: photo, from: source, spec: ThumbnailSpec(maxPixelSize: 256))
        let afterSmall = await cloud.statistics

        // Then
        #expect(source.thumbnailVariantLongSide == 320)
        #expect(max(large.pixelSize.width, large.pixelSize.height) == 1024, "not capped at the cloud's 320 px")
        #expect(afterLarge.count(.original) == 1 && afterLarge.count(.thumbnail) == 0)
        #expect(max(small.pixelSize.width, small.pixelSize.height) == 256)
        #expect(afterSmall.count(.thumbnail) == 1, "small thumbnails still use the cloud's cheaper rendition")
        #expect(afterSmall.count(.original) == 1)
        await cloud.stop()
    }

    @Test("the variant choice: .full only above the declared size; sources that declare none always use .thumbnail")
    func variantChoice() throws {
        let declared = DefaultPhotoSource(
            id: "d", title: "D", thumbnailVariantLongSide: 320, listing: .complete { _ in [] },
            downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })
        let undeclared = DefaultPhotoSource(
            id: "u", title: "U", listing: .complete { _ in [] }, downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })
        #expect(declared.variant(forThumbnailOf: 320) == .thumbnail)
        #expect(declared.variant(forThumbnailOf: 321) == .full)
        #expect(undeclared.variant(forThumbnailOf: 4096) == .thumbnail)
    }
}
