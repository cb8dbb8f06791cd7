public import PhotoSourceKit

/// How one order line's photo becomes the print: the part of the photo to print (``crop``), how
/// it meets the print's shape (``sizing``), a turn (``rotation``), and the lab's product
/// attributes (paper, finish, frame). Sent with the line (`crop`, `sizing`, `rotation`,
/// `attributes`); fitness is judged on what will print: the crop's pixels, turned, on the product.
public struct OrderLineLayout: Sendable, Hashable, Codable {
    /// How the (cropped) photo meets the print's aspect ratio.
    public enum Sizing: String, Sendable, Hashable, Codable, CaseIterable {
        /// Scaled to cover the print; what sticks out is cut off.
        case fill
        /// Scaled to fit inside the print; the rest is left blank (letterboxed).
        case fit
        /// Scaled to the print's shape in each direction separately (distorted).
        case stretch
    }

    /// A rectangle of the photo, in its upright pixel space (EXIF orientation applied), either
    /// in pixels or as fractions (0–1) of the photo's width and height.
    public struct Crop: Sendable, Hashable, Codable {
        /// How the numbers are meant.
        public enum Units: String, Sendable, Hashable, Codable {
            /// Whole pixels of the upright photo.
            case pixels
            /// Fractions of the upright photo's width and height, 0 to 1.
            case normalised
        }

        /// Left edge.
        public var x: Double
        /// Top edge.
        public var y: Double
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double
        /// `pixels` (when left out) or `normalised`.
        public var units: Units?

        /// Creates a crop.
        public init(x: Double, y: Double, width: Double, height: Double, units: Units? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.units = units
        }

        /// The rectangle in whole pixels of a photo of `photo`, or `nil` when it does not lie inside it.
        public func pixels(in photo: PixelSize) -> (x: Int, y: Int, width: Int, height: Int)? {
            let scaleX = units == .normalised ? Double(photo.width) : 1
            let scaleY = units == .normalised ? Double(photo.height) : 1
            let left = (x * scaleX).rounded(), top = (y * scaleY).rounded()
            let right = ((x + width) * scaleX).rounded(), bottom = ((y + height) * scaleY).rounded()
            guard left >= 0, top >= 0, right <= Double(photo.width), bottom <= Double(photo.height), right > left, bottom > top else {
                return nil
            }
            return (Int(left), Int(top), Int(right - left), Int(bottom - top))
        }

        /// The problems a crop has whatever the photo (negative, empty, fractions over 1, pixels not whole), at `path`.
        func problems(at path: String) -> [FieldProblem] {
            var problems = FieldProblems()
            let values = [("x", x), ("y", y), ("width", width), ("height", height)]
            for (name, value) in values {
                problems.check(value.isFinite && value >= 0, "\(path).\(name)", "must be a number of 0 or more.")
                if units != .normalised {
                    problems.check(value == value.rounded() && value < 1e9, "\(path).\(name)", "must be whole pixels (or give \"units\": \"normalised\").")
                }
            }
            problems.check(width > 0, path + ".width", "must be more than 0.")
            problems.check(height > 0, path + ".height", "must be more than 0.")
            if units == .normalised {
                problems.check(x + width <= 1, path + ".width", "x + width is more than 1: a normalised crop lies inside the photo (0 to 1).")
                problems.check(y + height <= 1, path + ".height", "y + height is more than 1: a normalised crop lies inside the photo (0 to 1).")
            }
            return problems.all
        }
    }

    /// The part of the photo to print; the whole photo when `nil`.
    public var crop: Crop?
    /// How it meets the print's shape.
    public var sizing: Sizing
    /// Degrees clockwise, applied after the crop: 0, 90, 180 or 270.
    public var rotation: Int
    /// The lab's product attributes (`paper`, `finish`, `frame`…), passed on as given.
    public var attributes: [String: String]

    /// Creates a layout; the default prints the whole photo, filling the print, unturned.
    public init(crop: Crop? = nil, sizing: Sizing = .fill, rotation: Int = 0, attributes: [String: String] = [:]) {
        self.crop = crop
        self.sizing = sizing
        self.rotation = rotation
        self.attributes = attributes
    }

    /// Whether this is the default (whole photo, fill, unturned, no attributes).
    public var isDefault: Bool { self == OrderLineLayout() }

    /// The pixels that will print from a photo of `photo` (upright): the crop's, turned by
    /// ``rotation``; `nil` when the crop does not lie inside the photo.
    public func printedPixels(of photo: PixelSize) -> PixelSize? {
        var size = photo
        if let crop {
            guard let rectangle = crop.pixels(in: photo) else { return nil }
            size = PixelSize(width: rectangle.width, height: rectangle.height)
        }
        return rotation % 180 == 0 ? size : PixelSize(width: size.height, height: size.width)
    }

    /// The line's fitness on `product` for a photo of `photo`: the printed pixels over the print
    /// (`fill` and `stretch`: the limiting side, ``PrintFitness``'s rule; `fit`: the side that
    /// meets the print's edge, as the photo is scaled to fit inside). `nil` when the crop does not
    /// lie inside the photo.
    public func fitness(of photo: PixelSize, on product: Product) -> (dpi: Int, verdict: PrintFitness.Verdict)? {
        guard let printed = printedPixels(of: photo) else { return nil }
        guard sizing == .fit else {
            let assessment = product.assess(printed)
            return (assessment.dpi, assessment.verdict)
        }
        let size = product.printSize
        let long = Double(max(printed.width, printed.height)), short = Double(min(printed.width, printed.height))
        let dpi = PrintFitness.wholeDPI(max(long / size.longSideInches, short / size.shortSideInches))
        return (dpi, product.fitness.verdict(forDPI: Double(dpi)))
    }

    /// The problems of the layout as sent, each at its JSON path below `path` (`$.items[3]`).
    func problems(at path: String) -> [FieldProblem] {
        var problems = FieldProblems()
        problems.check([0, 90, 180, 270].contains(rotation), path + ".rotation", "must be 0, 90, 180 or 270 (degrees clockwise).")
        problems.check(attributes.count <= 20, path + ".attributes", "may hold at most 20 attributes.")
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            let nameOK = (1...50).contains(name.count) && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") }
            problems.check(nameOK, "\(path).attributes.\(name)", "is not an attribute name (1 to 50 ASCII letters, digits, - and _).")
            problems.check((1...200).contains(value.count), "\(path).attributes.\(name)", "must be 1 to 200 characters.")
        }
        return problems.all + (crop?.problems(at: path + ".crop") ?? [])
    }
}
