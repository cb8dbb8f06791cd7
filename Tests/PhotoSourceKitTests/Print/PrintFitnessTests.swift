import PhotoSourceKit
import Testing

@Suite("PrintFitness")
struct PrintFitnessTests {
    let judge = PrintFitness(minimumDPI: 150)

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
        #expect(assessment.dpi == Int(dpi))
    }

    @Test("the product's minimum decides low, its good threshold good; acceptable in between")
    func verdicts() {
        // Given: a poster product that accepts 100 dpi, good from the default 300
        let poster = PrintFitness(minimumDPI: 100)
        // Then: 3000×2000 at 16×20 is 125 dpi, acceptable for the poster (a fixed 150 once called it low)
        let photo = poster.assess(PixelSize(width: 3000, height: 2000), at: .inches(16, 20))
        #expect(photo.dpi == 125)
        #expect(photo.verdict == .acceptable)
        #expect(poster.verdict(forDPI: 99) == .low)
        #expect(poster.verdict(forDPI: 100) == .acceptable)
        #expect(poster.verdict(forDPI: 299) == .acceptable)
        #expect(poster.verdict(forDPI: 300) == .good)
        #expect(judge.verdict(forDPI: 149) == .low)
        #expect(judge.verdict(forDPI: 150) == .acceptable)
        #expect(judge.assess(PixelSize(width: 640, height: 480), at: .inches(16, 20)).verdict == .low)
    }

    @Test("the good threshold is the product's; 300 when it names none")
    func goodThreshold() {
        #expect(PrintFitness(minimumDPI: 150).goodDPI == 300)
        let lenient = PrintFitness(minimumDPI: 100, goodDPI: 200)
        #expect(lenient.assess(PixelSize(width: 2000, height: 1600), at: .inches(8, 10)).verdict == .good)
        #expect(judge.assess(PixelSize(width: 2000, height: 1600), at: .inches(8, 10)).verdict == .acceptable)
        // A good threshold below the minimum never makes a low photo good.
        let odd = PrintFitness(minimumDPI: 200, goodDPI: 100)
        #expect(odd.verdict(forDPI: 150) == .low)
        #expect(odd.verdict(forDPI: 200) == .good)
    }

    @Test("dpi is rounded down, and the verdict is the shown number's: 149.9 is 149 and low, never 150")
    func oneRounding() {
        // Given: 1067 px short side on 5 in → 213.4 dpi; 1600×1067 at 8×10 → 133.4 (long 160, short 133.4)
        let fiveBySeven = judge.assess(PixelSize(width: 1600, height: 1067), at: .inches(5, 7))
        #expect(fiveBySeven.dpi == 213)
        let poster = judge.assess(PixelSize(width: 1600, height: 1067), at: .inches(16, 20))
        #expect(poster.dpi == 66)  // 66.7: rounding to nearest said 67
        // 1499 px on 10 in is 149.9 dpi: shown 149, judged on 149
        let justBelow = judge.assess(PixelSize(width: 1499, height: 2000), at: .inches(10, 12))
        #expect(justBelow.dpi == 149)
        #expect(justBelow.verdict == .low)
        #expect(PrintFitness(minimumDPI: 149.5).assess(PixelSize(width: 1499, height: 2000), at: .inches(10, 12)).verdict == .low)
    }

    @Test("whole dpi: floor, a whole number reached through millimetres stays whole, nonsense is 0")
    func wholeDPI() {
        #expect(PrintFitness.wholeDPI(213.33) == 213)
        #expect(PrintFitness.wholeDPI(299.9999999999) == 300)
        #expect(PrintFitness.wholeDPI(299.99) == 299)
        #expect(PrintFitness.wholeDPI(.infinity) == 0)
        #expect(PrintFitness.wholeDPI(.nan) == 0)
        #expect(PrintFitness.wholeDPI(-3) == 0)
        // A4's short side at exactly 300 dpi: 210 mm = 8.2677 in → 2480.3 px; 2480 px is 299.96 dpi
        let a4 = PrintSize.millimeters(210, 297, name: "A4")
        #expect(abs(a4.shortSideInches - 8.2677) < 0.001)
        #expect(judge.assess(PixelSize(width: 2480, height: 3508), at: a4).dpi == 299)
    }

    @Test("verdicts order low < acceptable < good")
    func verdictOrder() {
        #expect(PrintFitness.Verdict.low < .acceptable)
        #expect(PrintFitness.Verdict.acceptable < .good)
        #expect([PrintFitness.Verdict.good, .low, .acceptable].sorted() == [.low, .acceptable, .good])
    }
}
