import Foundation
import PhotoSourceKit
import Synchronization
import Testing

/// A cursor API over `total` items that never answers more than `cap` at once, and records the
/// limit of every call.
private func cappedAPI(total: Int, cap: Int, limits: LimitLog) -> CursorBook.Fetch {
    { _, cursor, limit in
        limits.record(limit)
        let start = Int(cursor ?? "0")!
        let end = min(total, start + min(limit, cap))
        let items = (start..<end).map { DefaultPhotoSourceItem.image(id: "item\($0)", sourceID: "c", title: "\($0)") }
        return CursorPage(items: items, nextCursor: end < total ? String(end) : nil)
    }
}

/// The limits a cursor API was called with, from concurrent code.
final class LimitLog: Sendable {
    private let limits = Mutex<[Int]>([])
    func record(_ limit: Int) { limits.withLock { $0.append(limit) } }
    var all: [Int] { limits.withLock { $0 } }
}

@Suite("CursorBook tops up short batches")
struct CursorBookTopUpTests {
    @Test("a server capping batches at 4 still gives pages of 10 that start at item 10 × k")
    func fullPagesFromShortBatches() async throws {
        // Given
        let limits = LimitLog()
        let book = CursorBook(fetch: cappedAPI(total: 25, cap: 4, limits: limits))

        // When
        let page0 = try await book.page(0, of: .root, limit: 10)
        let page2 = try await book.page(2, of: .root, limit: 10)

        // Then
        #expect(page0.items.map(\.id) == (0..<10).map { "item\($0)" })
        #expect(page0.hasMore)
        #expect(page2.items.map(\.id) == (20..<25).map { "item\($0)" })
        #expect(!page2.hasMore)
        #expect(Array(limits.all.prefix(3)) == [10, 6, 2], "each call asks only for what the page still lacks")
        #expect(await book.fetchCount == 8, "3 calls per full page, 2 for the last 5 items")
    }

    @Test("DefaultPhotoSource over a capped cursor server: page 0 of an album is the back item and count photos")
    func defaultSourcePages() async throws {
        // Given
        let limits = LimitLog()
        let fetch = cappedAPI(total: 7, cap: 2, limits: limits)
        let source = DefaultPhotoSource(
            id: "c", title: "Capped", listing: .cursor(fetch), downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) })
        let album = DefaultPhotoSourceItem.container(id: "a", sourceID: "c", title: "A")

        // When
        let page0 = try await source.items(for: album, in: nil, page: 0, count: 3)
        let page1 = try await source.items(for: nil, in: page0.scope, page: 1, count: 3)

        // Then
        #expect(page0.items.map(\.id).dropFirst() == ["item0", "item1", "item2"])
        #expect(page0.items.first?.kind == .back)
        #expect(page1.items.map(\.id) == ["item3", "item4", "item5"])
    }

    @Test("empty batches whose cursor does not move fail with invalid-data instead of looping")
    func stuckCursor() async throws {
        // Given
        let book = CursorBook { _, cursor, _ in CursorPage(items: [], nextCursor: cursor ?? "0") }

        // When / Then
        let error = await #expect(throws: PhotoSourceError.self) { try await book.page(0, of: .root, limit: 5) }
        #expect(error?.code == .invalidData)
        #expect(await book.fetchCount == 2)
    }

    @Test("empty batches with moving cursors are followed, but not forever")
    func endlessEmptyBatches() async throws {
        // Given: two empty batches, then items; and a server that only ever answers empty batches
        let skipping = CursorBook { _, cursor, limit in
            let step = Int(cursor ?? "0")!
            guard step >= 2 else { return CursorPage(items: [], nextCursor: String(step + 1)) }
            let items = (0..<limit).map { DefaultPhotoSourceItem.image(id: "i\($0)", sourceID: "c", title: "\($0)") }
            return CursorPage(items: items, nextCursor: nil)
        }
        let empty = CursorBook { _, cursor, _ in CursorPage(items: [], nextCursor: String(Int(cursor ?? "0")! + 1)) }

        // When
        let page = try await skipping.page(0, of: .root, limit: 3)
        let error = await #expect(throws: PhotoSourceError.self) { try await empty.page(0, of: .root, limit: 3) }

        // Then
        #expect(page.items.count == 3)
        #expect(error?.code == .invalidData)
        #expect(await empty.fetchCount == 16)
    }
}
