/// Whether a photo has enough pixels for a print: the one rule every front end uses (the REPL's
/// and `photosource info`'s tables, the service's items and orders, order folders' manifests).
///
/// The photo is matched to the print's orientation and scaled to fill it (cropping the excess),
/// so the effective resolution is the smaller of the two sides' pixels per inch. It is rounded
/// down to whole dots per inch (``Assessment/dpi``) — never a dpi the photo does not have — and
/// the verdict is that whole number's: below ``minimumDPI`` the photo is ``Verdict/low``, from
/// ``goodDPI`` on it is ``Verdict/good``, in between ``Verdict/acceptable``.
///
/// A shop's products carry both thresholds (`minimumDPI`, and `goodDPI`, 300 unless set), so the
/// judge for a print is the product's, never a fixed one.
public struct PrintFitness: Sendable, Hashable {
    /// How good a print will look.
    public enum Verdict: String, Sendable, Hashable, Codable, Comparable {
        /// Below the product's minimum: the print will look soft or pixelated.
        case low
        /// From the minimum up to the good threshold: fine at arm's length.
        case acceptable
        /// At or above the good threshold.
        case good

        /// `low` < `acceptable` < `good`.
        public static func < (a: Verdict, b: Verdict) -> Bool {
            a.rank < b.rank
        }

        private var rank: Int {
            switch self {
            case .low: 0
            case .acceptable: 1
            case .good: 2
            }
        }
    }

    /// One photo at one print size.
    public struct Assessment: Sendable, Hashable {
        /// The print size.
        public let printSize: PrintSize
        /// The effective resolution in whole dots per inch, rounded down: the number to show,
        /// and the one ``verdict`` was judged on.
        public let dpi: Int
        /// The unrounded effective resolution, for arithmetic; show ``dpi``.
        public let effectiveDPI: Double
        /// The verdict for ``dpi``.
        public let verdict: Verdict
    }

    /// The good threshold when a product names none.
    public static let defaultGoodDPI: Double = 300

    /// The lowest whole dpi that is not ``Verdict/low``.
    public var minimumDPI: Double
    /// The lowest whole dpi judged ``Verdict/good`` (never below ``minimumDPI``: a judge whose
    /// good threshold is lower treats ``minimumDPI`` as the good threshold too).
    public var goodDPI: Double

    /// A judge with a product's thresholds: `low` below `minimumDPI`, `good` from `goodDPI`.
    public init(minimumDPI: Double, goodDPI: Double = PrintFitness.defaultGoodDPI) {
        self.minimumDPI = minimumDPI
        self.goodDPI = goodDPI
    }

    /// Assesses a photo of `pixels` at `size`.
    public func assess(_ pixels: PixelSize, at size: PrintSize) -> Assessment {
        let exact = Self.effectiveDPI(of: pixels, at: size)
        let whole = Self.wholeDPI(exact)
        return Assessment(printSize: size, dpi: whole, effectiveDPI: exact, verdict: verdict(forDPI: Double(whole)))
    }

    /// The verdict for an effective resolution (judged as given: pass ``Assessment/dpi`` to
    /// judge what is shown).
    public func verdict(forDPI dpi: Double) -> Verdict {
        if dpi < minimumDPI { return .low }
        if dpi >= max(goodDPI, minimumDPI) { return .good }
        return .acceptable
    }

    /// The unrounded effective resolution of `pixels` filling `size`: the limiting side's pixels per inch.
    public static func effectiveDPI(of pixels: PixelSize, at size: PrintSize) -> Double {
        let longPixels = Double(max(pixels.width, pixels.height))
        let shortPixels = Double(min(pixels.width, pixels.height))
        return min(longPixels / size.longSideInches, shortPixels / size.shortSideInches)
    }

    /// The one rounding: down to a whole dpi (0 for what is not a positive finite number). A
    /// value within a millionth below a whole number counts as that number, so a 3000-pixel side
    /// on a 10-inch print is 300 dpi even where millimetre conversions leave 299.9999999.
    public static func wholeDPI(_ dpi: Double) -> Int {
        guard dpi.isFinite, dpi > 0 else { return 0 }
        return Int(min((dpi + 1e-6).rounded(.down), Double(Int.max / 2)))
    }
}
