import Foundation
import PhotoSourceKit
import PhotoSourceService

/// Everything `info` shows about an item: id, kind, title, pixel size, and for photos of known
/// size the print-fitness table over the products of the catalog in use (the service's
/// configuration, or the defaults the service would use), each judged by its own product
/// (``PhotoSourceService/Product/assess(_:)``), as orders and the service judge them.
/// Shared by the REPL and `photosource info`.
struct ItemReport: Sendable {
    /// One row of the print-fitness table: one product.
    struct FitnessRow: Sendable, Encodable, Equatable {
        /// The product id, as `order --product` and the service take it (`4x6`).
        let product: String
        /// The product's name, such as `4×6 in print`.
        let printSize: String
        /// The effective resolution in whole dpi, rounded down (the number the verdict was judged on).
        let effectiveDPI: Int
        /// Below this the photo is `low` for the product.
        let minimumDPI: Double
        /// From this on the photo is `good`.
        let goodDPI: Double
        /// `good`, `acceptable` or `low`.
        let verdict: PrintFitness.Verdict
    }

    /// The id of the item's source.
    let sourceID: String
    /// The item.
    let item: ItemSummary
    /// A URL a print server may fetch the original from, when the source has one.
    let publicURL: String?
    /// The print-fitness rows; empty for containers and photos of unknown size.
    let fitness: [FitnessRow]

    /// Builds the report of `item`, judged for each of `products`.
    init(item: any PhotoSourceItem, sourceID: String, products: [Product] = Product.defaults) {
        self.sourceID = sourceID
        self.item = ItemSummary(item)
        self.publicURL = item.publicURL?.absoluteString
        if item.kind == .image, let pixels = item.pixelSize {
            fitness = products.map { product in
                let assessment = product.assess(pixels)
                return FitnessRow(
                    product: product.id, printSize: product.name, effectiveDPI: assessment.dpi, minimumDPI: product.minimumDPI,
                    goodDPI: product.goodDPI, verdict: assessment.verdict)
            }
        } else {
            fitness = []
        }
    }

    /// The report as aligned text lines.
    func lines(style: TextStyle = .plain) -> [String] {
        var lines = [
            "id:     " + TerminalText.escaped(item.id),
            "kind:   \(item.kind.rawValue)",
            "title:  " + TerminalText.escaped(item.title),
        ]
        if let publicURL { lines.append("url:    " + TerminalText.escaped(publicURL)) }
        guard item.kind == .image else { return lines }
        guard let width = item.width, let height = item.height else {
            lines.append("pixels: unknown, so print fitness cannot be judged")
            return lines
        }
        lines.append("pixels: \(PixelSize(width: width, height: height))")
        let table = [["product", "print size", "dpi", "min", "verdict"]] + fitness.map { row in
            [TerminalText.escaped(row.product), TerminalText.escaped(row.printSize), String(row.effectiveDPI), Self.whole(row.minimumDPI), ""]
        }
        let widths = (0..<4).map { column in table.map { $0[column].count }.max() ?? 0 }
        for (index, cells) in table.enumerated() {
            let verdict = index == 0 ? "verdict" : style.verdict(fitness[index - 1].verdict)
            lines.append([
                Self.pad(cells[0], widths[0]), Self.pad(cells[1], widths[1]),
                Self.pad(cells[2], widths[2], right: true), Self.pad(cells[3], widths[3], right: true), verdict,
            ].joined(separator: "  "))
        }
        return lines
    }

    private static func whole(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

extension ItemReport: Encodable {
    private enum Keys: String, CodingKey {
        case source, publicURL, printFitness
    }

    /// `{"source", "id", "kind", "title", "width", "height", "publicURL", "printFitness": [...]}`.
    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(sourceID, forKey: .source)
        try container.encode(publicURL, forKey: .publicURL)
        try container.encode(fitness, forKey: .printFitness)
    }
}
