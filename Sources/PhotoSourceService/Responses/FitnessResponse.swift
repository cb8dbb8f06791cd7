import PhotoSourceKit

/// `{"dpi", "verdict"}`: a photo's fitness for a product, the same object in item listings
/// (`?product=`), an order's lines and an order folder's `manifest.json`. `dpi` is whole dots
/// per inch rounded down (``PrintFitness/wholeDPI(_:)``), the number the verdict was judged on.
struct FitnessResponse: Codable, Sendable, Hashable {
    /// Effective dots per inch when the photo fills the print, rounded down.
    let dpi: Int
    /// `low`, `acceptable` or `good`.
    let verdict: String

    /// The fitness of an assessment.
    init(_ assessment: PrintFitness.Assessment) {
        dpi = assessment.dpi
        verdict = assessment.verdict.rawValue
    }

    /// A fitness already rounded to whole dpi (an order line's, judged on what will print).
    init(dpi: Int, verdict: PrintFitness.Verdict) {
        self.dpi = dpi
        self.verdict = verdict.rawValue
    }

    /// The fitness recorded for an order line, when both halves were recorded. Lines stored
    /// before the rounding was one rule kept the unrounded dpi: it is rounded down here.
    init?(dpi: Double?, verdict: String?) {
        guard let dpi, let verdict else { return nil }
        self.dpi = PrintFitness.wholeDPI(dpi)
        self.verdict = verdict
    }
}
