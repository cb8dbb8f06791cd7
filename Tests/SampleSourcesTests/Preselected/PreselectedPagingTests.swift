import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("PreselectedSource paging")
struct PreselectedPagingTests {
    @Test("250 photos page at the root only, never with a back item, probing only the listed page, 8 at a time")
    func pagesOver250() async throws {
        // Given 250 photos, each its own path
        let jpeg = try ImageFixtures.jpeg(width: 6, height: 4)
        let paths = (0..<250).map { "/p/\($0).jpg" }
        let photos = Dictionary(uniqueKeysWithValues: paths.map { ($0, PhotoServer.Photo(data: jpeg, delay: .milliseconds(20))) })
        try await PhotoServer.run(photos) { server in
            let source = try PreselectedFixtures.source(server, paths)

            // When page 1 is listed first
            let page1 = try await source.items(in: .root, page: 1, count: 100)
            let probedAfterPage1 = Set(server.hits.map(\.path))
            var pages = [try await source.items(for: nil, in: nil, page: 0, count: 100), page1]
            pages.append(try await source.items(in: .root, page: 2, count: 100))
            let past = try await source.items(in: .root, page: 3, count: 100)

            // Then
            #expect(probedAfterPage1 == Set(paths[100..<200]), "only the listed page was probed")
            #expect(server.maximumConcurrentRequests <= PreselectedSource.maximumConcurrentProbes)
            #expect(server.maximumConcurrentRequests > 1, "probes run concurrently")
            #expect(pages.map(\.items.count) == [100, 100, 50])
            #expect(pages.map(\.hasMore) == [true, true, false])
            #expect(pages.allSatisfy { $0.totalCount == 250 && $0.scope.isRoot })
            #expect(pages.flatMap(\.items).map(\.id) == paths.map { server.url($0).absoluteString })
            #expect(pages.flatMap(\.items).allSatisfy { $0.kind == .image && $0.pixelSize == PixelSize(width: 6, height: 4) })
            #expect(past.items.isEmpty && !past.hasMore)
            #expect(server.hits.count == 250, "each photo probed once")
        }
    }

    @Test("there are no albums: a photo cannot be opened and no other scope exists")
    func rootOnly() async throws {
        let source = try PreselectedSource(entries: ["https://photos.example/a.jpg"])
        let photo = DefaultPhotoSourceItem.image(id: "https://photos.example/a.jpg", sourceID: source.id, title: "a.jpg")

        let opened = await errorCode { _ = try await source.items(for: photo, in: nil, page: 0, count: 10) }
        let elsewhere = await errorCode {
            _ = try await source.items(in: ItemScope.root.appending(id: "album", title: "Album"), page: 0, count: 10)
        }

        #expect(opened == .invalidData)
        #expect(elsewhere == .notFound)
    }

    @Test("an item that is not on the list is not downloaded")
    func unknownItemNotFound() async throws {
        let source = try PreselectedSource(entries: ["https://photos.example/a.jpg"])
        let stranger = DefaultPhotoSourceItem.image(id: "https://photos.example/other.jpg", sourceID: source.id, title: "other.jpg")

        let code = await errorCode { _ = try await source.downloader.download(stranger, from: source, variant: .full) }

        #expect(code == .notFound)
    }
}
