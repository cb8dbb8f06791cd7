import PhotoImaging
import PhotoSourceService

/// What `view N [--product P] [--crop X,Y,W,H] [--fit fill|fit|stretch]` asked for: with a
/// product, the picture shows what the print will show (the part cut off shaded, the printed
/// part outlined), with the same crop and fit `order` takes.
struct ViewOptions: Sendable, Equatable {
    /// The product whose print is outlined; `nil` draws the photo alone.
    var product: String?
    /// `--crop X,Y,W,H`, as `order --crop`.
    var crop: OrderLineLayout.Crop?
    /// `--fit fill|fit|stretch`, as `order --fit` (`fill` when `nil`).
    var sizing: OrderLineLayout.Sizing?

    private static let example = "as in `view 1 --product 8x10 --crop 0.1,0.1,0.8,0.8 --fit fill`"

    /// Parses the words after `view N`, options in any order.
    static func parse(_ arguments: [String]) throws(ReplInputError) -> ViewOptions {
        var options = ViewOptions()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard ["--product", "--crop", "--fit"].contains(option) else {
                throw ReplInputError("`view` knows --product, --crop and --fit, not \"\(option)\"; \(example).")
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw ReplInputError("\(option) needs a value, \(example).") }
            switch option {
            case "--product": options.product = value
            case "--crop": options.crop = try OrderOptions.crop(value)
            default: options.sizing = try OrderOptions.sizing(value)
            }
        }
        guard options.product != nil || (options.crop == nil && options.sizing == nil) else {
            throw ReplInputError("--crop and --fit outline a print, so `view` needs --product with them, \(example).")
        }
        return options
    }

    /// The print file's spec for `product` with this crop and fit: the geometry the service renders with.
    func spec(for product: Product) -> PrintFileSpec {
        let crop: PrintFileSpec.Crop? = crop.map { crop in
            crop.units == .normalised
                ? .normalised(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
                : .pixels(x: Int(crop.x), y: Int(crop.y), width: Int(crop.width), height: Int(crop.height))
        }
        return PrintFileSpec(printSize: product.printSize, crop: crop, sizing: PrintFileSpec.Sizing(rawValue: (sizing ?? .fill).rawValue) ?? .fill)
    }

    /// The order line's layout with this crop and fit, for judging its fitness as orders are judged.
    var layout: OrderLineLayout { OrderLineLayout(crop: crop, sizing: sizing ?? .fill) }
}
