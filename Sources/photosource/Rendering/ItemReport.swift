import Foundation
import PhotoSourceKit

/// Everything `info` shows about an item: id, kind, title, pixel size, and for photos of known
/// size the print-fitness table over ``PrintSize/common``. Shared by the REPL and `photosource info`.
struct ItemReport: Sendable {
    /// One row of the print-fitness table.
    struct FitnessRow: Sendable, Encodable, Equatable {
        /// The print size's name, such as `4×6 in`.
        let printSize: String
        /// The effective resolution, rounded down (so it never reads as better than the verdict).
        let effectiveDPI: Int
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

    /// Builds the report of `item`, judged by `judge`.
    init(item: any PhotoSourceItem, sourceID: String, judge: PrintFitness = PrintFitness()) {
        self.sourceID = sourceID
        self.item = ItemSummary(item)
        self.publicURL = item.publicURL?.absoluteString
        if item.kind == .image, let pixels = item.pixelSize {
            fitness = judge.assess(pixels).map {
                FitnessRow(printSize: $0.printSize.name, effectiveDPI: Int($0.effectiveDPI.rounded(.down)), verdict: $0.verdict)
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
        let sizeWidth = max("print size".count, fitness.map(\.printSize.count).max() ?? 0)
        let dpiWidth = max("dpi".count, fitness.map { String($0.effectiveDPI).count }.max() ?? 0)
        lines.append(Self.pad("print size", sizeWidth) + "  " + Self.pad("dpi", dpiWidth, right: true) + "  verdict")
        for row in fitness {
            let dpi = Self.pad(String(row.effectiveDPI), dpiWidth, right: true)
            lines.append(Self.pad(row.printSize, sizeWidth) + "  " + dpi + "  " + style.verdict(row.verdict))
        }
        return lines
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
