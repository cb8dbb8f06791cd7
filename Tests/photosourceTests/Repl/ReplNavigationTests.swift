import Foundation
import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL navigation and paging")
struct ReplNavigationTests {
    @Test("open and back move through three levels; the back item shows as .. on page 1 only")
    func navigatesSeveralDepths() async {
        let harness = ReplHarness()
        // When
        let root = await harness.linesOf("ls")
        let travel = await harness.linesOf("open 1")
        let italy = await harness.linesOf("cd 1")
        let up = await harness.linesOf("..")
        let top = await harness.linesOf("back")
        // Then
        #expect(root == [
            "Sample Library:/ [page 1/1]",
            "  1  Travel/",
            "  2  Family/",
            "  3  cover.jpg  6000×4000",
        ])
        #expect(travel == [
            "Sample Library:/Travel [page 1/1]",
            "     ..",
            "  1  Italy/",
            "  2  beach-1.jpg  4000×3000",
            "  3  beach-2.jpg",
            "  4  beach-3.png  640×480",
        ])
        #expect(italy.first == "Sample Library:/Travel/Italy [page 1/3]")
        #expect(italy.dropFirst().first == "      ..")
        #expect(italy.dropFirst(2).first == "   1  rome-1.jpg  1200×800")
        #expect(italy.last == "  10  rome-10.jpg  1200×800")
        #expect(up.first == "Sample Library:/Travel [page 1/1]")
        #expect(top.first == "Sample Library:/ [page 1/1]")
        #expect(harness.output.errors.isEmpty)
    }

    @Test("back at the top is one error line and the REPL goes on")
    func backAtTheTop() async {
        let harness = ReplHarness()
        await harness.run(["back", "ls"])
        #expect(harness.output.errors == ["Already at the top of Sample Library."])
        #expect(harness.output.lines.first == "Sample Library:/ [page 1/1]")
    }

    @Test("next, prev and page N stay within the pages and say why when they cannot")
    func pagingBounds() async {
        let harness = ReplHarness()
        await harness.run(["open 1", "open 1"])
        // When
        let second = await harness.linesOf("next")
        let third = await harness.linesOf("next")
        let pastTheEnd = await harness.linesOf("next")
        let back = await harness.linesOf("prev")
        let first = await harness.linesOf("page 1")
        let beforeStart = await harness.linesOf("prev")
        let tooFar = await harness.linesOf("page 4")
        let stillFirst = await harness.linesOf("ls")
        // Then
        #expect(second.first == "Sample Library:/Travel/Italy [page 2/3]")
        #expect(!second.contains { $0.hasSuffix("..") }, "only page 1 has the back item")
        #expect(second.dropFirst().first == "   1  rome-11.jpg  1200×800", "numbers start at 1 on every page")
        #expect(third.count == 1 + 5)
        #expect(third.last == "  5  rome-25.jpg  1200×800")
        #expect(pastTheEnd.isEmpty && beforeStart.isEmpty && tooFar.isEmpty)
        #expect(back.first == "Sample Library:/Travel/Italy [page 2/3]")
        #expect(first.first == "Sample Library:/Travel/Italy [page 1/3]")
        #expect(stillFirst.first == "Sample Library:/Travel/Italy [page 1/3]")
        #expect(harness.output.errors == [
            "This is the last page.",
            "This is the first page.",
            "There is no page 4; this album has 3 page(s).",
        ])
    }

    @Test("an empty album says so")
    func emptyAlbum() async {
        let lines = await ReplHarness().linesOf("open 2")
        #expect(lines == ["Sample Library:/Family [page 1/1]", "     ..", "  (this page is empty)"])
    }

    @Test("a page past the end of a source that does not know its total is refused, and the page stays")
    func pagePastTheEndWithoutTotal() async {
        let cursorSource = DefaultPhotoSource(
            id: "cursor", title: "Cursor",
            listing: .cursor { _, cursor, limit in
                let start = Int(cursor ?? "0")!
                let items = (start..<min(start + limit, 7)).map {
                    DefaultPhotoSourceItem.image(id: "p\($0)", sourceID: "cursor", title: "p\($0)") as any PhotoSourceItem
                }
                return CursorPage(items: items, nextCursor: start + limit < 7 ? String(start + limit) : nil)
            },
            downloader: ClosureImageDownloader { _, _ in ImageData(bytes: .init()) })
        let harness = ReplHarness(sources: [cursorSource], pageSize: 5)
        // When
        let second = await harness.linesOf("page 2")
        let ninth = await harness.linesOf("page 9")
        let current = await harness.linesOf("ls")
        // Then
        #expect(second.first == "Cursor:/ [page 2]", "no total, no page count")
        #expect(second.count == 1 + 2)
        #expect(ninth.isEmpty)
        #expect(harness.output.errors == ["Page 9 is past the end of this album; stayed on page 2."])
        #expect(current.first == "Cursor:/ [page 2]")
    }
}
