public import PhotoSourceKit

/// A print product a shop sells: the size fitness is computed against, and the resolutions it
/// needs. Its ``fitness`` is the one judge of "is this photo good enough to print?" for this
/// product, in the service, in order folders' manifests, and in the CLI's `info`.
public struct Product: Sendable, Hashable, Codable {
    /// The id a request names in `product=` (`"4x6"`).
    public var id: String
    /// The name to show (`"4×6 in print"`).
    public var name: String
    /// The short side, in ``unit``.
    public var width: Double
    /// The long side, in ``unit``.
    public var height: Double
    /// `inches` or `millimeters`.
    public var unit: PrintSize.Unit
    /// Below this effective dpi (whole dots per inch, rounded down) a photo is `low` for this product.
    public var minimumDPI: Double
    /// From this effective dpi on a photo is `good` (``PrintFitness/defaultGoodDPI``, 300, when the
    /// configuration leaves it out); at least ``minimumDPI``.
    public var goodDPI: Double
    /// The resolution print files are rendered at, at most (a photo with fewer pixels is never
    /// upscaled): 300 when the configuration leaves it out.
    public var dpi: Int
    /// Extra image around each edge of a print file for the lab's cutter, in millimetres (0–25; 0 when left out).
    public var bleedMillimetres: Double

    /// Creates a product.
    public init(
        id: String, name: String, width: Double, height: Double, unit: PrintSize.Unit, minimumDPI: Double,
        goodDPI: Double = PrintFitness.defaultGoodDPI, dpi: Int = 300, bleedMillimetres: Double = 0
    ) {
        self.id = id
        self.name = name
        self.width = width
        self.height = height
        self.unit = unit
        self.minimumDPI = minimumDPI
        self.goodDPI = goodDPI
        self.dpi = dpi
        self.bleedMillimetres = bleedMillimetres
    }

    /// The product's print size.
    public var printSize: PrintSize { PrintSize(name: name, width: width, height: height, unit: unit) }

    /// The judge for this product: `low` below ``minimumDPI``, `good` from ``goodDPI``.
    public var fitness: PrintFitness { PrintFitness(minimumDPI: minimumDPI, goodDPI: goodDPI) }

    /// How a photo of `pixels` fares as this product.
    public func assess(_ pixels: PixelSize) -> PrintFitness.Assessment {
        fitness.assess(pixels, at: printSize)
    }

    /// The products a shop gets with no configuration (and the REPL's and `photosource info`'s
    /// without one): common photo prints and A4/A3.
    public static let defaults: [Product] = [
        Product(id: "4x6", name: "4×6 in print", width: 4, height: 6, unit: .inches, minimumDPI: 150),
        Product(id: "5x7", name: "5×7 in print", width: 5, height: 7, unit: .inches, minimumDPI: 150),
        Product(id: "8x10", name: "8×10 in print", width: 8, height: 10, unit: .inches, minimumDPI: 150),
        Product(id: "16x20", name: "16×20 in poster", width: 16, height: 20, unit: .inches, minimumDPI: 100),
        Product(id: "a4", name: "A4 print", width: 210, height: 297, unit: .millimeters, minimumDPI: 150),
        Product(id: "a3", name: "A3 poster", width: 297, height: 420, unit: .millimeters, minimumDPI: 120),
    ]

    private enum Keys: String, CodingKey, CaseIterable { case id, name, width, height, unit, minimumDPI, goodDPI, dpi, bleedMillimetres }

    /// Decodes a product; every field but `goodDPI` (300 when left out), `dpi` (300) and
    /// `bleedMillimetres` (0) is required, and `goodDPI` may not be below `minimumDPI`, which would
    /// make `good` photos that are not even acceptable.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        self.init(
            id: try fields.required(.id, placeholder: ""), name: try fields.required(.name, placeholder: ""),
            width: try fields.required(.width, placeholder: 1), height: try fields.required(.height, placeholder: 1),
            unit: try fields.required(.unit, placeholder: .inches), minimumDPI: try fields.required(.minimumDPI, placeholder: 1),
            goodDPI: try fields.value(.goodDPI, or: PrintFitness.defaultGoodDPI), dpi: try fields.value(.dpi, or: 300),
            bleedMillimetres: try fields.value(.bleedMillimetres, or: 0))
        if !(1...2400).contains(dpi) {
            try fields.refuse(.dpi, "dpi (\(dpi)) must be 1 to 2400 for product \(id): the resolution its print files are rendered at.")
        }
        if !(bleedMillimetres.isFinite && (0...25).contains(bleedMillimetres)) {
            try fields.refuse(.bleedMillimetres, "bleedMillimetres (\(Self.format(bleedMillimetres))) must be 0 to 25 for product \(id).")
        }
        if goodDPI < minimumDPI {
            try fields.refuse(
                .goodDPI,
                "goodDPI (\(Self.format(goodDPI))) is below minimumDPI (\(Self.format(minimumDPI))) for product \(id); "
                    + "raise goodDPI (300 when left out) or lower minimumDPI.")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
