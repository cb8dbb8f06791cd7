/// A print size, such as 4×6 in or A4. Which sizes are on offer, and the resolution each needs,
/// is a shop's product list (`Product` in PhotoSourceService), not a list here.
public struct PrintSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Units a size is given in.
    public enum Unit: String, Sendable, Hashable, Codable {
        /// Inches.
        case inches
        /// Millimetres.
        case millimeters
    }

    /// The name to show, such as `"4×6 in"` or `"A4"`.
    public var name: String
    /// The short side, in ``unit``.
    public var width: Double
    /// The long side, in ``unit``.
    public var height: Double
    /// The unit of ``width`` and ``height``.
    public var unit: Unit

    /// Creates a size; the sides may be given in either order.
    public init(name: String, width: Double, height: Double, unit: Unit) {
        self.name = name
        self.width = min(width, height)
        self.height = max(width, height)
        self.unit = unit
    }

    /// Inches: a size given in inches.
    public static func inches(_ width: Double, _ height: Double, name: String? = nil) -> PrintSize {
        PrintSize(name: name ?? "\(Self.format(width))×\(Self.format(height)) in", width: width, height: height, unit: .inches)
    }

    /// Millimetres: a size given in millimetres.
    public static func millimeters(_ width: Double, _ height: Double, name: String? = nil) -> PrintSize {
        PrintSize(name: name ?? "\(Self.format(width))×\(Self.format(height)) mm", width: width, height: height, unit: .millimeters)
    }

    /// The short side in inches.
    public var shortSideInches: Double { unit == .inches ? width : width / 25.4 }
    /// The long side in inches.
    public var longSideInches: Double { unit == .inches ? height : height / 25.4 }

    /// The name.
    public var description: String { name }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
