/// Whether a photo has enough pixels for a print size (Print.io's low-resolution warning).
///
/// The photo is matched to the print's orientation and scaled to fill it (cropping the excess),
/// so the effective resolution is the smaller of the two sides' pixels per inch.
public struct PrintFitness: Sendable, Hashable {
    /// How good a print will look.
    public enum Verdict: String, Sendable, Hashable, Codable, Comparable {
        /// Below the acceptable threshold: the print will look soft or pixelated.
        case low
        /// Between the two thresholds: fine at arm's length.
        case acceptable
        /// At or above the good threshold.
        case good

        public static func < (a: Verdict, b: Verdict) -> Bool {
            let order: [Verdict] = [.low, .acceptable, .good]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// One photo at one print size.
    public struct Assessment: Sendable, Hashable {
        /// The print size.
        public let printSize: PrintSize
        /// The effective dots per inch when the photo fills the print.
        public let effectiveDPI: Double
        /// The verdict for that resolution.
        public let verdict: Verdict
    }

    /// The lowest effective DPI judged good (default 300).
    public var goodDPI: Double
    /// The lowest effective DPI judged acceptable (default 150).
    public var acceptableDPI: Double

    /// Creates a judge with the given thresholds.
    public init(goodDPI: Double = 300, acceptableDPI: Double = 150) {
        precondition(goodDPI >= acceptableDPI && acceptableDPI > 0, "thresholds must satisfy good >= acceptable > 0")
        self.goodDPI = goodDPI
        self.acceptableDPI = acceptableDPI
    }

    /// Assesses a photo of `pixels` at `size`.
    public func assess(_ pixels: PixelSize, at size: PrintSize) -> Assessment {
        let longPixels = Double(max(pixels.width, pixels.height))
        let shortPixels = Double(min(pixels.width, pixels.height))
        let dpi = min(longPixels / size.longSideInches, shortPixels / size.shortSideInches)
        return Assessment(printSize: size, effectiveDPI: dpi, verdict: verdict(forDPI: dpi))
    }

    /// Assesses a photo at each of `sizes` (default: ``PrintSize/common``).
    public func assess(_ pixels: PixelSize, at sizes: [PrintSize] = PrintSize.common) -> [Assessment] {
        sizes.map { assess(pixels, at: $0) }
    }

    /// The verdict for an effective resolution.
    public func verdict(forDPI dpi: Double) -> Verdict {
        if dpi >= goodDPI { return .good }
        if dpi >= acceptableDPI { return .acceptable }
        return .low
    }
}
