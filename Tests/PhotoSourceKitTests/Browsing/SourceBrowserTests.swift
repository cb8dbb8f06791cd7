import PhotoSourceKit
import Testing

@Suite("SourceBrowser")
struct SourceBrowserTests {
    func makeBrowser() -> SourceBrowser {
        let first = TreeSource.make(TreeSource.nested(depth: 2, images: 5, sourceID: "one"), id: "one", title: "One")
        let second = TreeSource.make(TreeSource.nested(depth: 1, images: 3, sourceID: "two"), id: "two", title: "Two")
        return SourceBrowser(sources: [first, second], pageSize: 4)
    }

    @Test("open, back, next, prev and page N move through scopes and pages")
    func navigation() async throws {
        let browser = makeBrowser()
        let root = try await browser.reload()
        #expect(root.contentItems.first?.kind == .container)
        let level1 = try await browser.open(number: 1)
        #expect(await browser.scope.description == "/level1")
        #expect(level1.items.first?.kind == .back)
        _ = try await browser.open(number: 1)
        #expect(await browser.scope.depth == 2)
        let next = try await browser.next()
        #expect(await browser.page == 1)
        #expect(!next.items.contains { $0.kind == .back })
        await #expect(throws: PhotoSourceError.self) { try await browser.next() }
        _ = try await browser.previous()
        await #expect(throws: PhotoSourceError.self) { try await browser.previous() }
        _ = try await browser.back()
        #expect(await browser.scope.description == "/level1")
        _ = try await browser.goTo(page: 1)
        #expect(await browser.page == 1)
        _ = try await browser.back()
        #expect(await browser.scope.isRoot)
        await #expect(throws: PhotoSourceError.self) { try await browser.back() }
    }

    @Test("the selection spans pages, scopes and sources, and items remember their source")
    func selectionAcrossScopesAndSources() async throws {
        let browser = makeBrowser()
        try await browser.reload()
        #expect(try await browser.select(numbers: [2, 3]) == 2)
        try await browser.open(number: 1)
        #expect(try await browser.select(numbers: [2]) == 1)
        #expect(try await browser.select(numbers: [2]) == 0, "selecting twice keeps one entry")
        try await browser.use(named: "two")
        try await browser.reload()
        #expect(try await browser.select(numbers: [2]) == 1)
        let selection = await browser.selection
        #expect(selection.count == 4)
        #expect(Set(selection.map(\.sourceID)) == ["one", "two"])
        #expect(selection[2].scope.description == "/level1")
        #expect(selection.allSatisfy { $0.item.sourceID == $0.sourceID })
        #expect(try await browser.unselect(numbers: [2]) == 1)
        #expect(await browser.selection.count == 3)
        try await browser.use(index: 0)
        #expect(await browser.scope.description == "/level1", "each source keeps its own position")
    }

    @Test("bad numbers, albums and unknown sources are errors with a helpful message")
    func badInput() async throws {
        let browser = makeBrowser()
        try await browser.reload()
        let error = await #expect(throws: PhotoSourceError.self) { try await browser.item(number: 99) }
        #expect(error?.message.contains("pick 1 to") == true)
        await #expect(throws: PhotoSourceError.self) { try await browser.select(numbers: [1]) }
        await #expect(throws: PhotoSourceError.self) { try await browser.use(named: "nope") }
        await #expect(throws: PhotoSourceError.self) { try await browser.use(index: 5) }
    }
}
