import PhotoSourceService

/// What `order [--product ID] [--to DEST[,DEST…]] [--copies N] [--crop X,Y,W,H] [--fit fill|fit|stretch]
/// [--ship-to FILE.json] [--yes]` asked for; the service checks the values when the order is placed.
struct OrderOptions: Sendable, Equatable {
    /// The product every line is printed as (`4x6` when `nil`).
    var product: String?
    /// The destination ids (every enabled destination when empty). `--to` may be repeated.
    var destinations: [String] = []
    /// `--yes` (or `-y`): order photos that would print `low` without asking (for scripts).
    var yes = false
    /// `--copies N`: prints of every photo (1 when `nil`).
    var copies: Int?
    /// `--crop X,Y,W,H`: the part of every photo to print; fractions 0–1 when all four are at
    /// most 1 (`0.1,0.1,0.8,0.8`), else whole upright pixels.
    var crop: OrderLineLayout.Crop?
    /// `--fit fill|fit|stretch`: how every photo meets the print's shape (`fill` when `nil`).
    var sizing: OrderLineLayout.Sizing?
    /// `--ship-to FILE.json`: a file holding the recipient (`{name, email?, phone?, address: {…}}`).
    var shipTo: String?

    private static let example = "as in `order --product 8x10 --copies 2 --crop 0.1,0.1,0.8,0.8 --fit fill --ship-to ada.json`"
    private static let valued = ["--product", "--to", "--copies", "--crop", "--fit", "--ship-to"]

    /// Parses the words after `order`, options in any order.
    static func parse(_ arguments: [String]) throws(ReplInputError) -> OrderOptions {
        var options = OrderOptions()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if ["--yes", "-y"].contains(option) {
                options.yes = true
                continue
            }
            guard valued.contains(option) else {
                throw ReplInputError("`order` knows --product, --to, --copies, --crop, --fit, --ship-to and --yes, not \"\(option)\"; \(example).")
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw ReplInputError("\(option) needs a value, \(example).")
            }
            try options.apply(option, value)
        }
        return options
    }

    private mutating func apply(_ option: String, _ value: String) throws(ReplInputError) {
        switch option {
        case "--product":
            guard product == nil else { throw ReplInputError("Give --product once; every photo of the order is printed as it.") }
            product = value
        case "--to":
            for id in value.split(separator: ",").map(String.init) where !destinations.contains(id) {
                destinations.append(id)
            }
        case "--copies":
            guard let number = Int(value), (1...1000).contains(number) else {
                throw ReplInputError("--copies takes a whole number from 1 to 1000, as in `order --copies 2`.")
            }
            copies = number
        case "--crop":
            crop = try Self.crop(value)
        case "--fit":
            sizing = try Self.sizing(value)
        default:
            shipTo = value
        }
    }

    /// `fill`, `fit` or `stretch` (`--fit`, also of `view`).
    static func sizing(_ value: String) throws(ReplInputError) -> OrderLineLayout.Sizing {
        guard let mode = OrderLineLayout.Sizing(rawValue: value) else {
            throw ReplInputError("--fit takes fill (crop to the print's shape), fit (letterbox) or stretch, not \"\(value)\".")
        }
        return mode
    }

    /// `X,Y,W,H`: fractions when all four are at most 1, else whole pixels (`--crop`, also of `view`).
    static func crop(_ text: String) throws(ReplInputError) -> OrderLineLayout.Crop {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 && $0.isFinite }), numbers[2] > 0, numbers[3] > 0 else {
            throw ReplInputError(
                "--crop takes X,Y,WIDTH,HEIGHT: fractions of the photo (0.1,0.1,0.8,0.8) or whole pixels (100,50,1200,800).")
        }
        let normalised = numbers.allSatisfy { $0 <= 1 }
        guard normalised || numbers.allSatisfy({ $0 == $0.rounded() }) else {
            throw ReplInputError("--crop in pixels takes whole numbers; fractions are all at most 1 (0.1,0.1,0.8,0.8).")
        }
        return OrderLineLayout.Crop(
            x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], units: normalised ? .normalised : nil)
    }
}
