import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("RemoteAlbumSource: paging 5,000 photos")
struct RemoteAlbumPagingTests {
    @Test("pages of 100: back item on page 0 only, every photo exactly once, sizes from metadata")
    func pagesOf100() async throws {
        try await CloudFixture.run { fixture in
            var ids: [String] = []
            var page = 0
            while true {
                let result = try await fixture.photos(album: 2, page: page)
                #expect((result.items.first?.kind == .back) == (page == 0))
                #expect(result.contentItems.count <= 100)
                #expect(result.contentItems.allSatisfy { $0.pixelSize != nil })
                ids += result.contentItems.map(\.id)
                guard result.hasMore else { break }
                page += 1
            }
            #expect(page == 49)
            #expect(ids.count == 5_000)
            #expect(Set(ids).count == 5_000)
            #expect(ids == (1...5_000).map { "photo-2-\($0)" })
            #expect(try await fixture.photos(album: 2, page: 50).items.isEmpty)
            #expect(fixture.cloud.statistics.count(.albumPhotos) == 50)
        }
    }

    @Test("random access through the cursor book: a far page first, then earlier ones cost one call each")
    func randomAccess() async throws {
        try await CloudFixture.run { fixture in
            let far = try await fixture.photos(album: 2, page: 37)
            #expect(far.contentItems.map(\.id) == (3_701...3_800).map { "photo-2-\($0)" })
            let walked = fixture.cloud.statistics.count(.albumPhotos)
            #expect(walked == 38)

            for page in [12, 0, 36, 49] {
                let result = try await fixture.photos(album: 2, page: page)
                #expect(result.contentItems.first?.id == "photo-2-\(page * 100 + 1)")
                #expect(result.contentItems.count == 100)
            }
            #expect(fixture.cloud.statistics.count(.albumPhotos) == walked + 3 + 12)
        }
    }

    @Test("metadata gives pixel sizes: print fitness works without downloading")
    func pixelSizes() async throws {
        try await CloudFixture.run { fixture in
            let photos = try await fixture.photos(album: 1, page: 0).contentItems
            #expect(photos.count == 3)
            for photo in photos {
                let size = try #require(photo.pixelSize)
                #expect([PixelSize(width: 640, height: 480), PixelSize(width: 300, height: 400)].contains(size))
            }
            #expect(fixture.cloud.statistics.count(.original) == 0)
            #expect(fixture.cloud.statistics.count(.thumbnail) == 0)
        }
    }

    @Test("an empty album and a path too deep")
    func emptyAndDeep() async throws {
        try await CloudFixture.run { fixture in
            let empty = try await fixture.photos(album: 3, page: 0)
            #expect(empty.contentItems.isEmpty)
            #expect(empty.hasMore == false)
            let deep = ItemScope.root.appending(id: "album-1", title: "Trip").appending(id: "x", title: "x")
            let error = await #expect(throws: PhotoSourceError.self) { _ = try await fixture.source.items(in: deep, page: 0, count: 10) }
            #expect(error?.code == .notFound)
        }
    }
}
