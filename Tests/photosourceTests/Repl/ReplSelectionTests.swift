import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL selection")
struct ReplSelectionTests {
    let harness = ReplHarness(sources: [
        SampleTree.library.source(),
        SampleTree.library.source(id: "second", title: "Second Library"),
    ])

    @Test("select takes numbers and ranges across scopes and sources; selection lists source and scope")
    func selectsAcrossScopesAndSources() async {
        // When
        await harness.run([
            "select 3",
            "open 1",
            "select 2-4",
            "open 1",
            "select 1,3 2-3 10",
            "use 2",
            "select 3",
        ])
        let selection = await harness.linesOf("selection")
        // Then
        #expect(harness.output.errors.isEmpty)
        #expect(harness.output.lines.filter { $0.hasPrefix("Selected") } == [
            "Selected 1 new photo(s); 1 in the selection.",
            "Selected 3 new photo(s); 4 in the selection.",
            "Selected 4 new photo(s); 8 in the selection.",
            "Selected 1 new photo(s); 9 in the selection.",
        ])
        #expect(selection == [
            "  1  cover.jpg  6000×4000  Sample Library:/",
            "  2  beach-1.jpg  4000×3000  Sample Library:/Travel",
            "  3  beach-2.jpg  Sample Library:/Travel",
            "  4  beach-3.png  640×480  Sample Library:/Travel",
            "  5  rome-1.jpg  1200×800  Sample Library:/Travel/Italy",
            "  6  rome-3.jpg  1200×800  Sample Library:/Travel/Italy",
            "  7  rome-2.jpg  1200×800  Sample Library:/Travel/Italy",
            "  8  rome-10.jpg  1200×800  Sample Library:/Travel/Italy",
            "  9  cover.jpg  6000×4000  Second Library:/",
        ])
    }

    @Test("selected photos are marked in listings, and unselect removes them")
    func marksAndUnselects() async {
        await harness.run(["open 1", "select 2 4"])
        // When
        let marked = await harness.linesOf("ls")
        let removed = await harness.linesOf("unselect 1")
        let after = await harness.linesOf("ls")
        // Then: unselect numbers entries as `selection` lists them (1 is beach-1.jpg)
        #expect(marked.contains("  2* beach-1.jpg  4000×3000"))
        #expect(marked.contains("  4* beach-3.png  640×480"))
        #expect(marked.contains("  3  beach-2.jpg"))
        #expect(removed == ["Removed 1 photo(s); 1 in the selection."])
        #expect(after.contains("  2  beach-1.jpg  4000×3000"))
        #expect(after.contains("  4* beach-3.png  640×480"))
    }

    @Test("unselect takes the numbers `selection` shows, from any page; a number past the selection removes nothing")
    func unselectUsesSelectionNumbers() async {
        await harness.run(["select 3", "open 1", "select 2 4", "back"])
        // When
        let removed = await harness.linesOf("unselect 3")
        await harness.run(["unselect 2-5"])
        let selection = await harness.linesOf("selection")
        // Then
        #expect(removed == ["Removed 1 photo(s); 2 in the selection."])
        #expect(harness.output.errors == ["There is no entry 3 in the selection; it has 2."])
        #expect(selection == ["  1  cover.jpg  6000×4000  Sample Library:/", "  2  beach-1.jpg  4000×3000  Sample Library:/Travel"])
    }

    @Test("an album in the list is refused with a message, photos beside it are still selected")
    func albumsCannotBeSelected() async {
        await harness.run(["select 1-3", "selection"])
        #expect(harness.output.errors == ["Travel is an album; only photos can be selected (1 added)."])
        #expect(harness.output.lines == ["  1  cover.jpg  6000×4000  Sample Library:/"])
    }

    @Test("an empty selection says how to add to it")
    func emptySelection() async {
        let lines = await harness.linesOf("selection")
        #expect(lines == ["Nothing is selected; `select N` adds photos of the listed page."])
    }

    @Test("a hostile range is cut off at the page and reported, not expanded")
    func hugeRange() async {
        await harness.run(["select 3-9999999999999"])
        #expect(harness.output.errors == ["There is no item 4 on this page; pick 1 to 3."])
        #expect(await harness.browser.selection.isEmpty)
    }
}
