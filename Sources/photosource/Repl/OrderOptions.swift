/// What `order [--product ID] [--to DEST[,DEST…]] [--yes]` asked for; the service's catalog
/// checks the values when the order is placed.
struct OrderOptions: Sendable, Equatable {
    /// The product every line is printed as (`4x6` when `nil`).
    var product: String?
    /// The destination ids (every enabled destination when empty). `--to` may be repeated.
    var destinations: [String] = []
    /// `--yes` (or `-y`): order photos that would print `low` without asking (for scripts).
    var yes = false

    /// Parses the words after `order`, options in any order.
    static func parse(_ arguments: [String]) throws(ReplInputError) -> OrderOptions {
        var options = OrderOptions()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if ["--yes", "-y"].contains(option) {
                options.yes = true
                continue
            }
            guard ["--product", "--to"].contains(option) else {
                throw ReplInputError("`order` knows --product, --to and --yes, not \"\(option)\"; as in `order --product 8x10 --to folder`.")
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw ReplInputError("\(option) needs a value, as in `order --product 8x10 --to folder`.")
            }
            if option == "--product" {
                guard options.product == nil else { throw ReplInputError("Give --product once; every photo of the order is printed as it.") }
                options.product = value
            } else {
                for id in value.split(separator: ",").map(String.init) where !options.destinations.contains(id) {
                    options.destinations.append(id)
                }
            }
        }
        return options
    }
}
