/// One line typed into the REPL, parsed.
enum ReplCommand: Sendable, Equatable {
    /// Which source `use` switches to.
    enum SourceChoice: Sendable, Equatable {
        /// The 1-based number shown by `sources`.
        case number(Int)
        /// A source's title or id.
        case name(String)
    }

    /// Which order `order-status` shows.
    enum OrderChoice: Sendable, Equatable {
        /// The 1-based number shown by `orders`.
        case number(Int)
        /// The service's order id (`ord_…`).
        case id(String)
    }

    /// A blank line: does nothing.
    case empty
    case help
    case sources
    case use(SourceChoice)
    case list
    case open(Int)
    case back
    case next
    case previous
    /// Page N, 1-based.
    case page(Int)
    case info(Int)
    case select(ItemNumbers)
    case unselect(ItemNumbers)
    case selection
    /// `thumb N [--size S] [--out FILE]`.
    case thumbnail(Int, size: Int?, out: String?)
    /// `view N [--product P] [--crop X,Y,W,H] [--fit F]`.
    case view(Int, ViewOptions)
    case cache
    case login
    case logout
    case whoami
    /// `order [--product ID] [--to DEST]`.
    case order(OrderOptions)
    case orders
    /// `order-status N|ID`: N as `orders` numbers them, or an order's id.
    case orderStatus(OrderChoice)
    /// `handlers [--action A]`: the service's handler catalog (for one action).
    case handlers(action: String?)
    /// `send N [--to ID] [--action A] [--open]`: item N to a handler.
    case send(Int, SendOptions)
    case quit

    /// Parses `line`; a bad line throws a ``ReplInputError`` whose message says what to type instead.
    static func parse(_ line: String) throws(ReplInputError) -> ReplCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let word = words.first else { return .empty }
        let name = word.lowercased()
        let arguments = Array(words.dropFirst())
        guard let spec = ReplCommandSpec.named(name) else {
            throw ReplInputError("Unknown command \"\(word)\"; type `help` to see the commands.")
        }
        switch spec.argument {
        case .orderOptions, .handlerOptions:
            break  // all optional
        case .none:
            guard arguments.isEmpty else {
                throw ReplInputError("`\(spec.name)` takes no arguments; type `\(spec.name)` alone.")
            }
        case .itemNumber, .pageNumber, .source, .itemNumbers, .thumbnailOptions, .viewOptions, .orderNumber, .sendOptions:
            guard !arguments.isEmpty else { throw ReplInputError("`\(spec.name)` needs \(spec.argument.noun), as in `\(spec.example)`.") }
        }
        switch spec.name {
        case "help": return .help
        case "sources": return .sources
        case "ls": return .list
        case "back": return .back
        case "next": return .next
        case "prev": return .previous
        case "selection": return .selection
        case "cache": return .cache
        case "login": return .login
        case "logout": return .logout
        case "whoami": return .whoami
        case "view": return .view(try single(Array(arguments.prefix(1)), spec), try ViewOptions.parse(Array(arguments.dropFirst())))
        case "thumb": return try thumbnail(arguments, spec)
        case "order": return .order(try OrderOptions.parse(arguments))
        case "orders": return .orders
        case "order-status":
            if arguments.count == 1, arguments[0].hasPrefix("ord_") { return .orderStatus(.id(arguments[0])) }
            return .orderStatus(.number(try single(arguments, spec)))
        case "handlers": return .handlers(action: try SendOptions.parseAction(arguments))
        case "send": return .send(try single(Array(arguments.prefix(1)), spec), try SendOptions.parse(Array(arguments.dropFirst())))
        case "quit": return .quit
        case "use":
            let joined = arguments.joined(separator: " ")
            if let number = Int(joined) {
                guard number >= 1 else { throw ReplInputError("Sources are numbered from 1; `sources` lists them.") }
                return .use(.number(number))
            }
            return .use(.name(joined))
        case "open": return .open(try single(arguments, spec))
        case "page": return .page(try single(arguments, spec))
        case "info": return .info(try single(arguments, spec))
        case "select": return .select(try ItemNumbers.parse(arguments, command: spec.name))
        case "unselect": return .unselect(try ItemNumbers.parse(arguments, command: spec.name))
        default: throw ReplInputError("`\(spec.name)` is listed in `help` but not handled; please report this.")
        }
    }

    /// `N [--size S] [--out FILE]`, options in any order.
    private static func thumbnail(_ arguments: [String], _ spec: ReplCommandSpec) throws(ReplInputError) -> ReplCommand {
        let number = try single(Array(arguments.prefix(1)), spec)
        var size: Int?
        var out: String?
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard ["--size", "--out"].contains(option) else {
                throw ReplInputError("`thumb` knows --size and --out, not \"\(option)\".")
            }
            guard let value = rest.popFirst() else { throw ReplInputError("\(option) needs a value, as in `\(spec.example)`.") }
            switch option {
            case "--size":
                guard let pixels = Int(value), (1...ThumbnailOptions.maximumSize).contains(pixels) else {
                    throw ReplInputError("--size takes pixels from 1 to \(ThumbnailOptions.maximumSize); \"\(value)\" is not.")
                }
                size = pixels
            case "--out": out = value
            default: throw ReplInputError("`thumb` knows --size and --out, not \"\(option)\".")
            }
        }
        return .thumbnail(number, size: size, out: out)
    }

    /// The one positive number `arguments` must be.
    private static func single(_ arguments: [String], _ spec: ReplCommandSpec) throws(ReplInputError) -> Int {
        guard arguments.count == 1, let number = Int(arguments[0]) else {
            throw ReplInputError("`\(spec.name)` takes one number, as in `\(spec.example)`.")
        }
        guard number >= 1 else {
            let things = spec.argument == .pageNumber ? "Pages" : spec.argument == .orderNumber ? "Orders" : "Items"
            throw ReplInputError("\(things) are numbered from 1.")
        }
        return number
    }
}

/// A line the REPL could not understand, with a message that says what to type instead.
struct ReplInputError: Error, Sendable, Equatable {
    /// One helpful line.
    let message: String

    /// Creates the error.
    init(_ message: String) { self.message = message }
}
