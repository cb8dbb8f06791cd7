import Foundation
import PhotoSourceKit
import Testing

@Suite("Paging emulation")
struct PagingEmulationTests {
    let source = TreeSource.make(TreeSource.nested(depth: 0, images: 25), maximumPageSize: 12)

    @Test("pages are cut from the complete listing with the right hasMore and total")
    func pagesAreCut() async throws {
        let sizes = try await (0..<3).asyncMap { try await source.items(in: .root, page: $0, count: 10) }
        #expect(sizes.map(\.items.count) == [10, 10, 5])
        #expect(sizes.map(\.hasMore) == [true, true, false])
        #expect(sizes[0].totalCount == 25)
        #expect(sizes[0].pageCount == 3)
        let all = sizes.flatMap(\.ids)
        #expect(Set(all).count == 25)
    }

    @Test("a page past the end is empty with hasMore false, not an error")
    func pastTheEnd() async throws {
        let page = try await source.items(in: .root, page: 7, count: 10)
        #expect(page.items.isEmpty)
        #expect(!page.hasMore)
        let huge = try await source.items(in: .root, page: Int.max / 2, count: 10)
        #expect(huge.items.isEmpty)
    }

    @Test("count is clamped to the maximum page size")
    func countClamped() async throws {
        let page = try await source.items(in: .root, page: 0, count: 100)
        #expect(page.count == 12)
        #expect(page.items.count == 12)
    }

    @Test("negative pages and empty counts are refused", arguments: [(-1, 10), (0, 0), (0, -5)])
    func badRequests(page: Int, count: Int) async throws {
        let error = await #expect(throws: PhotoSourceError.self) {
            try await source.items(in: .root, page: page, count: count)
        }
        #expect(error?.code == .invalidData)
    }

    @Test("a .pages listing is asked directly and reports its paging support")
    func pagesListing() async throws {
        let asked = Counter()
        let source = DefaultPhotoSource(
            id: "p", title: "Pages",
            listing: .pages { _, page, count in
                asked.increment()
                let items = (0..<count).map { DefaultPhotoSourceItem.image(id: "\(page)-\($0)", sourceID: "p", title: "x") }
                return PageSlice(items: items, hasMore: page < 2)
            },
            downloader: ClosureImageDownloader { _, _ in ImageData(bytes: .init()) })
        let page = try await source.items(in: .root, page: 2, count: 4)
        #expect(page.ids == ["2-0", "2-1", "2-2", "2-3"])
        #expect(!page.hasMore)
        #expect(asked.count == 1)
        #expect(source.pagingSupport(in: nil) == .pages)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
