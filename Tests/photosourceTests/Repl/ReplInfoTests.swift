import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL info")
struct ReplInfoTests {
    @Test("info of a photo prints its id, kind, title, size and a print-fitness row per product the order service offers")
    func photoWithFitness() async {
        let lines = await ReplHarness().linesOf("info 3")
        #expect(lines == [
            "id:     cover.jpg",
            "kind:   image",
            "title:  cover.jpg",
            "pixels: 6000×4000",
            "product  print size        dpi  min  verdict",
            "4x6      4×6 in print     1000  150  good",
            "5x7      5×7 in print      800  150  good",
            "8x10     8×10 in print     500  150  good",
            "16x20    16×20 in poster   250  100  acceptable",
            "a4       A4 print          483  150  good",
            "a3       A3 poster         342  120  good",
        ])
    }

    @Test("a small photo is judged by each product's minimum, dpi rounded down")
    func lowResolution() async {
        let lines = await ReplHarness().linesOf("info 1", after: ["open 1", "open 1"])
        #expect(lines.contains("4x6      4×6 in print     200  150  acceptable"))
        #expect(lines.contains("8x10     8×10 in print    100  150  low"))
        #expect(lines.contains("16x20    16×20 in poster   50  100  low"))
        #expect(lines.contains("a4       A4 print          96  150  low"))  // 96.8: never shown as 97
    }

    @Test("albums and photos of unknown size have no fitness table")
    func noTable() async {
        let harness = ReplHarness()
        let album = await harness.linesOf("info 1")
        let unknown = await harness.linesOf("info 3", after: ["open 1"])
        #expect(album == ["id:     Travel", "kind:   container", "title:  Travel"])
        #expect(unknown.last == "pixels: unknown, so print fitness cannot be judged")
        #expect(!unknown.contains { $0.contains("verdict") })
    }
}
