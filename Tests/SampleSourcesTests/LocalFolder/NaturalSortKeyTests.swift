import Testing
@testable import SampleSources

@Suite("Natural sort order")
struct NaturalSortKeyTests {
    @Test("the first name sorts before the second", arguments: [
        ("img2", "img10"),
        ("IMG2", "img10"),
        ("img2", "IMG10"),
        ("a", "a1"),
        ("1", "a"),
        ("photo 9.jpg", "photo 0010.jpg"),
        ("x99999999999999999999999", "x100000000000000000000000"),
        ("IMG1", "img1"),
        ("img01", "img1"),
        ("Apple", "banana"),
        ("2024-01-09", "2024-01-10"),
    ])
    func precedes(first: String, second: String) {
        #expect(NaturalSortKey(first) < NaturalSortKey(second))
        #expect(!(NaturalSortKey(second) < NaturalSortKey(first)))
    }

    @Test("only identical names are equal")
    func equality() {
        #expect(NaturalSortKey("img1") == NaturalSortKey("img1"))
        #expect(NaturalSortKey("img1") != NaturalSortKey("IMG1"))
        // "é" precomposed and decomposed: canonically equal strings, still ordered by their bytes
        let composed = NaturalSortKey("caf\u{E9}"), decomposed = NaturalSortKey("cafe\u{301}")
        #expect(composed != decomposed)
        #expect((composed < decomposed) != (decomposed < composed))
    }

    @Test("sorting is deterministic whatever the input order")
    func deterministic() {
        let names = ["b10", "B2", "b2", "a", "b02", "A", "b1"]
        let expected = ["A", "a", "b1", "B2", "b02", "b2", "b10"]
        #expect(names.map { NaturalSortKey($0) }.sorted().map(\.name) == expected)
        #expect(names.reversed().map { NaturalSortKey($0) }.sorted().map(\.name) == expected)
    }
}
