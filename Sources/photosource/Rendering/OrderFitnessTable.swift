import PhotoSourceKit
import PhotoSourceService

/// What `order` shows before it places an order in which some photo would print `low`: each
/// photo judged as the product, the way the service will judge it once the order is placed.
///
/// ```
/// Print fitness as 16x20 (16×20 in poster, low below 100 dpi):
///   1  Welcome.jpg   1600×1067   66 dpi  low
///   2  Amalfi 1.jpg  1600×1200   75 dpi  low
/// ```
struct OrderFitnessTable: Sendable {
    /// One photo of the selection.
    struct Row: Sendable, Equatable {
        /// The photo's title.
        let title: String
        /// Its pixel size, when the source knows it.
        let pixels: PixelSize?
        /// The effective resolution at the product's size (rounded down), when the size is known.
        let dpi: Int?
        /// The verdict at the product's size, when the size is known.
        let verdict: PrintFitness.Verdict?
    }

    /// The product the photos are judged as.
    let product: Product
    /// The photos, in selection order.
    let rows: [Row]

    /// Judges each of `items` as `product`.
    init(items: [any PhotoSourceItem], product: Product) {
        self.product = product
        rows = items.map { item in
            guard let pixels = item.pixelSize else { return Row(title: item.title, pixels: nil, dpi: nil, verdict: nil) }
            let assessment = product.assess(pixels)
            return Row(title: item.title, pixels: pixels, dpi: assessment.dpi, verdict: assessment.verdict)
        }
    }

    /// How many photos would print `low`.
    var lowCount: Int { rows.filter { $0.verdict == .low }.count }

    /// The heading and one aligned row per photo.
    func lines(style: TextStyle = .plain) -> [String] {
        let heading = TerminalText.escaped(
            "Print fitness as \(product.id) (\(product.name), low below \(Int(product.minimumDPI)) dpi):")
        let numberWidth = String(rows.count).count
        let titles = rows.map { TerminalText.escaped($0.title) }
        let titleWidth = titles.map(\.count).max() ?? 0
        let sizes = rows.map { $0.pixels.map(String.init(describing:)) ?? "size unknown" }
        let sizeWidth = sizes.map(\.count).max() ?? 0
        let dpis = rows.map { $0.dpi.map { "\($0) dpi" } ?? "" }
        let dpiWidth = dpis.map(\.count).max() ?? 0
        return [heading] + rows.indices.map { index in
            let number = String(index + 1)
            let verdict = rows[index].verdict.map(style.verdict) ?? "cannot be judged"
            return "  " + String(repeating: " ", count: numberWidth - number.count) + number
                + "  " + titles[index] + String(repeating: " ", count: titleWidth - titles[index].count)
                + "  " + String(repeating: " ", count: sizeWidth - sizes[index].count) + sizes[index]
                + "  " + String(repeating: " ", count: dpiWidth - dpis[index].count) + dpis[index]
                + "  " + verdict
        }
    }
}
