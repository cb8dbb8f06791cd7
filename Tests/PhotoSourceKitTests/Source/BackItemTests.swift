import PhotoSourceKit
import Testing

@Suite("Back items and scoping")
struct BackItemTests {
    let source = TreeSource.make(TreeSource.nested(depth: 3, images: 4))

    @Test("root has no back item")
    func rootHasNoBackItem() async throws {
        let page = try await source.items(for: nil, in: nil, page: 0, count: 10)
        #expect(page.scope.isRoot)
        #expect(!page.items.contains { $0.kind == .back })
    }

    @Test("page 0 of every non-root listing starts with a back item, at every depth", arguments: [1, 2, 3])
    func backItemFirstAtDepth(depth: Int) async throws {
        var page = try await source.items(for: nil, in: nil, page: 0, count: 10)
        for _ in 0..<depth {
            let folder = try #require(page.items.first { $0.kind == .container })
            page = try await source.items(for: folder, in: page.scope, page: 0, count: 10)
        }
        #expect(page.scope.depth == depth)
        #expect(page.items.first?.kind == .back)
        #expect(page.items.filter { $0.kind == .back }.count == 1)
    }

    @Test("the back item does not count toward count and is absent from later pages")
    func backItemNotCounted() async throws {
        let root = try await source.items(for: nil, in: nil, page: 0, count: 2)
        let folder = try #require(root.items.first { $0.kind == .container })
        let first = try await source.items(for: folder, in: root.scope, page: 0, count: 2)
        #expect(first.items.count == 3)
        #expect(first.contentItems.count == 2)
        let second = try await source.items(for: folder, in: root.scope, page: 1, count: 2)
        #expect(!second.items.contains { $0.kind == .back })
        #expect(second.items.count == 2)
    }

    @Test("opening the back item returns to the parent listing at any depth")
    func backReturnsToParent() async throws {
        var pages = [try await source.items(for: nil, in: nil, page: 0, count: 10)]
        for _ in 0..<3 {
            let folder = try #require(pages.last!.items.first { $0.kind == .container })
            pages.append(try await source.items(for: folder, in: pages.last!.scope, page: 0, count: 10))
        }
        for depth in stride(from: 3, to: 0, by: -1) {
            let back = try #require(pages[depth].items.first)
            let parent = try await source.items(for: back, in: pages[depth].scope, page: 0, count: 10)
            #expect(parent.scope == pages[depth - 1].scope)
            #expect(parent.ids == pages[depth - 1].ids)
        }
    }

    @Test("an image cannot be opened")
    func imageCannotBeOpened() async throws {
        let root = try await source.items(for: nil, in: nil, page: 0, count: 10)
        let image = try #require(root.items.first { $0.kind == .image })
        let error = await #expect(throws: PhotoSourceError.self) {
            try await source.items(for: image, in: root.scope, page: 0, count: 10)
        }
        #expect(error?.code == .invalidData)
    }
}
