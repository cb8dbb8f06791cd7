import PhotoSourceKit
import Testing

@Suite("PrintFitness")
struct PrintFitnessTests {
    let judge = PrintFitness()

    @Test("effective DPI uses the limiting side with the photo matched to the print orientation",
          arguments: [
            (6000, 4000, PrintSize.inches(4, 6), 1000.0),
            (4000, 6000, PrintSize.inches(4, 6), 1000.0),
            (640, 480, PrintSize.inches(16, 20), 30.0),
            (3000, 2400, PrintSize.inches(8, 10), 300.0),
          ])
    func effectiveDPI(width: Int, height: Int, size: PrintSize, dpi: Double) {
        let assessment = judge.assess(PixelSize(width: width, height: height), at: size)
        #expect(abs(assessment.effectiveDPI - dpi) < 0.001)
    }

    @Test("verdicts: good at 300, acceptable at 150, low below")
    func verdicts() {
        #expect(judge.verdict(forDPI: 300) == .good)
        #expect(judge.verdict(forDPI: 299.9) == .acceptable)
        #expect(judge.verdict(forDPI: 150) == .acceptable)
        #expect(judge.verdict(forDPI: 149) == .low)
        #expect(judge.assess(PixelSize(width: 640, height: 480), at: .inches(16, 20)).verdict == .low)
    }

    @Test("thresholds are configurable")
    func customThresholds() {
        let lenient = PrintFitness(goodDPI: 200, acceptableDPI: 100)
        #expect(lenient.assess(PixelSize(width: 2000, height: 1600), at: .inches(8, 10)).verdict == .good)
        #expect(judge.assess(PixelSize(width: 2000, height: 1600), at: .inches(8, 10)).verdict == .acceptable)
    }

    @Test("the default sizes are the common ones, metric sizes converted from millimetres")
    func commonSizes() throws {
        #expect(PrintSize.common.map(\.name) == ["4×6 in", "5×7 in", "8×10 in", "11×14 in", "16×20 in", "A4", "A3"])
        let a4 = try #require(PrintSize.common.first { $0.name == "A4" })
        #expect(abs(a4.shortSideInches - 8.2677) < 0.001)
        let results = judge.assess(PixelSize(width: 3600, height: 2550))
        #expect(results.count == 7)
        #expect(results.first { $0.printSize.name == "A4" }?.verdict == .good)
        #expect(results.first { $0.printSize.name == "A3" }?.verdict == .acceptable)
    }
}
