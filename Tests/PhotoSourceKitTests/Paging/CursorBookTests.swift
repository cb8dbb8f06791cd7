import Foundation
import PhotoSourceKit
import Testing

/// A fake cursor API over `total` items: the cursor is the index of the next item as text.
private func cursorAPI(total: Int, calls: Counter) -> CursorBook.Fetch {
    { _, cursor, limit in
        calls.increment()
        let start = Int(cursor ?? "0")!
        let end = min(total, start + limit)
        let items = (start..<end).map { DefaultPhotoSourceItem.image(id: "item\($0)", sourceID: "c", title: "\($0)") }
        return CursorPage(items: items, nextCursor: end < total ? String(end) : nil)
    }
}

@Suite("CursorBook")
struct CursorBookTests {
    @Test("asking for page k first walks forward once, then any earlier page costs one call")
    func randomAccess() async throws {
        let calls = Counter()
        let book = CursorBook(fetch: cursorAPI(total: 95, calls: calls))
        let page5 = try await book.page(5, of: .root, limit: 10)
        #expect(page5.items.map(\.id).first == "item50")
        #expect(calls.count == 6)
        let page3 = try await book.page(3, of: .root, limit: 10)
        #expect(page3.items.map(\.id).first == "item30")
        #expect(calls.count == 7)
        #expect(await book.knownPageCount(of: .root, limit: 10) == 7)
    }

    @Test("the last page has hasMore false and a page past the end is empty, not an error")
    func pastTheEnd() async throws {
        let calls = Counter()
        let book = CursorBook(fetch: cursorAPI(total: 95, calls: calls))
        let last = try await book.page(9, of: .root, limit: 10)
        #expect(last.items.count == 5)
        #expect(!last.hasMore)
        let before = calls.count
        let beyond = try await book.page(12, of: .root, limit: 10)
        #expect(beyond.items.isEmpty && !beyond.hasMore)
        #expect(calls.count == before, "the end is remembered; no call is made past it")
        let fresh = CursorBook(fetch: cursorAPI(total: 95, calls: Counter()))
        let farBeyond = try await fresh.page(40, of: .root, limit: 10)
        #expect(farBeyond.items.isEmpty && !farBeyond.hasMore)
    }

    @Test("scopes and page sizes are kept apart, and invalidate forgets a scope")
    func keysAndInvalidation() async throws {
        let calls = Counter()
        let book = CursorBook(fetch: cursorAPI(total: 50, calls: calls))
        let album = ItemScope.root.appending(id: "a", title: "A")
        _ = try await book.page(2, of: album, limit: 10)
        #expect(await book.knownPageCount(of: album, limit: 10) == 4, "pages 0-2 walked, the cursor of page 3 learned")
        #expect(await book.knownPageCount(of: album, limit: 20) == 1)
        #expect(await book.knownPageCount(of: .root, limit: 10) == 1)
        await book.invalidate(album)
        #expect(await book.knownPageCount(of: album, limit: 10) == 1)
    }

    @Test("DefaultPhotoSource pages a cursor listing through its book, back item included")
    func defaultSourceUsesBook() async throws {
        let calls = Counter()
        let fetch = cursorAPI(total: 30, calls: calls)
        let source = DefaultPhotoSource(
            id: "c", title: "Cursor", listing: .cursor(fetch),
            downloader: ClosureImageDownloader { _, _ in ImageData(bytes: .init()) })
        let album = DefaultPhotoSourceItem.container(id: "album", sourceID: "c", title: "Album")
        let page0 = try await source.items(for: album, in: .root, page: 0, count: 10)
        #expect(page0.items.first?.kind == .back)
        #expect(page0.contentItems.count == 10)
        let page2 = try await source.items(for: album, in: .root, page: 2, count: 10)
        #expect(page2.items.first?.id == "item20")
        #expect(!page2.hasMore)
        #expect(source.pagingSupport(in: nil) == .cursor)
    }
}
