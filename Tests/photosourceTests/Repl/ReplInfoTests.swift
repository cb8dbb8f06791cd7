import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL info")
struct ReplInfoTests {
    @Test("info of a photo prints its id, kind, title, size and a print-fitness row per common size")
    func photoWithFitness() async {
        let lines = await ReplHarness().linesOf("info 3")
        #expect(lines == [
            "id:     cover.jpg",
            "kind:   image",
            "title:  cover.jpg",
            "pixels: 6000×4000",
            "print size   dpi  verdict",
            "4×6 in      1000  good",
            "5×7 in       800  good",
            "8×10 in      500  good",
            "11×14 in     363  good",
            "16×20 in     250  acceptable",
            "A4           483  good",
            "A3           342  good",
        ])
    }

    @Test("a small photo gets low verdicts at large sizes")
    func lowResolution() async {
        let lines = await ReplHarness().linesOf("info 1", after: ["open 1", "open 1"])
        #expect(lines.contains("4×6 in      200  acceptable"))
        #expect(lines.contains("8×10 in     100  low"))
        #expect(lines.contains("16×20 in     50  low"))
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
