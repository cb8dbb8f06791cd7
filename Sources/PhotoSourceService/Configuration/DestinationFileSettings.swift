/// Which files a destination receives, read from any destination entry's own fields:
/// `"files": "originals"` (the default: the customer's photos, byte for byte) or `"print"` (a
/// print file rendered for each line: the line's crop, sizing and rotation on its product, sRGB,
/// JPEG), with `printQuality` (95) and an optional `printMaximumBytes` per file.
///
/// The choice is fixed when an order's photos are fetched: the order record names the print file
/// each destination gets (``PrintFileAsset/destinations``), so changing the configuration later does
/// not change what an order already fetched delivers.
public struct DestinationFileSettings: Sendable, Hashable {
    /// What a destination receives for each line.
    public enum Files: String, Sendable, Hashable, CaseIterable {
        /// The original photo, byte for byte.
        case originals
        /// A print file rendered for the line and its product.
        case print
    }

    /// The field names, as written in a destination entry.
    enum Keys: String, CaseIterable { case files, printQuality, printMaximumBytes }

    /// Originals or print files.
    public var files: Files
    /// The JPEG quality print files start from (1–100; 4:4:4 chroma from 90).
    public var printQuality: Int
    /// The largest print file the destination takes, in bytes: the quality is lowered in steps
    /// (never the pixels, never below ``minimumQuality``) until the file fits.
    public var printMaximumBytes: Int?

    /// The lowest quality a byte limit may lower a print file to.
    public static let minimumQuality = 60
    /// The smallest byte limit accepted (below it no photo meets it at a printable quality).
    public static let smallestByteLimit = 10_000

    /// Settings; the default sends originals.
    public init(files: Files = .originals, printQuality: Int = 95, printMaximumBytes: Int? = nil) {
        self.files = files
        self.printQuality = printQuality
        self.printMaximumBytes = printMaximumBytes
    }

    /// The settings of `destination`; a field of the wrong type or out of range is left at its
    /// default here (the configuration's validation reports it: ``problems(of:at:)``).
    public init(_ destination: DestinationConfiguration) {
        self.init()
        guard case .object(let fields) = destination.settings else { return }
        if case .string(let text)? = fields[Keys.files.rawValue], let files = Files(rawValue: text) { self.files = files }
        if let value = fields[Keys.printQuality.rawValue], Self.isWhole(value, in: Self.qualityRange), case .number(let quality) = value {
            printQuality = Int(quality)
        }
        if let value = fields[Keys.printMaximumBytes.rawValue], Self.isWhole(value, in: Self.byteRange), case .number(let bytes) = value {
            printMaximumBytes = Int(bytes)
        }
    }

    private static func isWhole(_ value: JSONValue, in range: ClosedRange<Double>) -> Bool {
        guard case .number(let number) = value else { return false }
        return range.contains(number) && number == number.rounded()
    }

    private static let qualityRange: ClosedRange<Double> = Double(minimumQuality)...100
    private static let byteRange: ClosedRange<Double> = Double(smallestByteLimit)...1e15

    /// The problems of `destination`'s file fields, each at its JSON path below `path` (`$.destinations[2]`).
    static func problems(of destination: DestinationConfiguration, at path: String) -> [ConfigurationProblem] {
        guard case .object(let fields) = destination.settings else { return [] }
        let names = Files.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        let checks: [(Keys, (JSONValue) -> Bool, String)] = [
            (.files, { if case .string(let text) = $0 { Files(rawValue: text) != nil } else { false } }, "must be \(names)."),
            (.printQuality, { isWhole($0, in: qualityRange) }, "must be a whole number from \(minimumQuality) to 100 (the JPEG quality of print files)."),
            (.printMaximumBytes, { isWhole($0, in: byteRange) }, "must be a whole number of bytes, at least \(smallestByteLimit)."),
        ]
        var problems: [ConfigurationProblem] = []
        for (key, isValid, message) in checks {
            if let value = fields[key.rawValue], value != .null, !isValid(value) {
                problems.append(ConfigurationProblem(path: "\(path).\(key.rawValue)", message: message))
            }
        }
        return problems
    }
}
