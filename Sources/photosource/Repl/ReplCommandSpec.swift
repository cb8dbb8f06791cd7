/// The REPL's commands as a table: names, aliases, usage and a one-line summary. `help` prints it
/// and ``ReplCommand/parse(_:)`` looks names up in it, so the two cannot drift apart.
struct ReplCommandSpec: Sendable {
    /// What a command takes after its name.
    enum Argument: Sendable, Equatable {
        case none, itemNumber, pageNumber, itemNumbers, source, thumbnailOptions, viewOptions, orderOptions, orderNumber, handlerOptions, sendOptions

        /// How an error message names it.
        var noun: String {
            switch self {
            case .none: "nothing"
            case .itemNumber: "an item number"
            case .pageNumber: "a page number"
            case .itemNumbers: "item numbers or ranges"
            case .source: "a source number or name"
            case .thumbnailOptions, .viewOptions, .sendOptions: "an item number"
            case .orderOptions, .handlerOptions: "options"
            case .orderNumber: "an order number or id"
            }
        }
    }

    /// The name `help` shows.
    let name: String
    /// Other names for it.
    let aliases: [String]
    /// What it takes.
    let argument: Argument
    /// The usage shown by `help`.
    let usage: String
    /// An example used in error messages.
    let example: String
    /// What it does.
    let summary: String

    /// Every command, in the order `help` lists them.
    static let all: [ReplCommandSpec] = [
        .init(name: "help", aliases: ["?"], argument: .none, usage: "help", example: "help", summary: "show this list"),
        .init(name: "sources", aliases: [], argument: .none, usage: "sources", example: "sources", summary: "list the sources; * marks the current one"),
        .init(name: "use", aliases: [], argument: .source, usage: "use N|NAME", example: "use 2", summary: "switch source (each keeps its place)"),
        .init(name: "ls", aliases: ["list"], argument: .none, usage: "ls", example: "ls", summary: "list the current page again"),
        .init(name: "open", aliases: ["cd"], argument: .itemNumber, usage: "open N", example: "open 1", summary: "open album or folder N (alias: cd N)"),
        .init(name: "back", aliases: [".."], argument: .none, usage: "back", example: "back", summary: "go to the parent album (alias: ..)"),
        .init(name: "next", aliases: [], argument: .none, usage: "next", example: "next", summary: "show the next page"),
        .init(name: "prev", aliases: ["previous"], argument: .none, usage: "prev", example: "prev", summary: "show the previous page"),
        .init(name: "page", aliases: [], argument: .pageNumber, usage: "page N", example: "page 2", summary: "show page N (pages start at 1)"),
        .init(name: "info", aliases: [], argument: .itemNumber, usage: "info N", example: "info 1", summary: "show item N and its print fitness"),
        .init(name: "select", aliases: [], argument: .itemNumbers, usage: "select N…", example: "select 1 3-5", summary: "select photos; ranges like 3-7 work too"),
        .init(name: "unselect", aliases: [], argument: .itemNumbers, usage: "unselect N…", example: "unselect 2", summary: "remove entries N of `selection` from it"),
        .init(name: "selection", aliases: [], argument: .none, usage: "selection", example: "selection", summary: "list selected photos, source and album"),
        .init(name: "thumb", aliases: [], argument: .thumbnailOptions, usage: "thumb N [--size S] [--out FILE]", example: "thumb 1 --size 512", summary: "save photo N's thumbnail (default 256 px)"),
        .init(name: "view", aliases: [], argument: .viewOptions, usage: "view N [--product P]", example: "view 1 --product 8x10", summary: "draw photo N; --product outlines the print"),
        .init(name: "cache", aliases: [], argument: .none, usage: "cache", example: "cache", summary: "show the thumbnail cache's counters"),
        .init(name: "login", aliases: ["signin"], argument: .none, usage: "login", example: "login", summary: "sign in to the current source"),
        .init(name: "logout", aliases: ["signout"], argument: .none, usage: "logout", example: "logout", summary: "sign out and forget the stored sign-in"),
        .init(name: "whoami", aliases: [], argument: .none, usage: "whoami", example: "whoami", summary: "show who is signed in to this source"),
        .init(name: "order", aliases: [], argument: .orderOptions, usage: "order [--product P] [--to D] [-y]", example: "order --product 8x10", summary: "order the selection (4x6 unless --product)"),
        .init(name: "orders", aliases: [], argument: .none, usage: "orders", example: "orders", summary: "list the orders of this session"),
        .init(name: "order-status", aliases: [], argument: .orderNumber, usage: "order-status N|ID", example: "order-status 1", summary: "show order N (or ID): photos, tracking"),
        .init(name: "handlers", aliases: [], argument: .handlerOptions, usage: "handlers [--action A]", example: "handlers --action edit", summary: "list the apps photos can be sent to"),
        .init(name: "send", aliases: [], argument: .sendOptions, usage: "send N [--to ID] [--open]", example: "send 1 --to demo.editor", summary: "send photo N to an app (--to remembers)"),
        .init(name: "quit", aliases: ["exit", "q"], argument: .none, usage: "quit", example: "quit", summary: "leave (end of input does too)"),
    ]

    /// The command called `name` (lowercase) or one of its aliases.
    static func named(_ name: String) -> ReplCommandSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The lines `help` prints (each under 80 columns, so `browse --help` does not wrap them).
    static func helpLines(style: TextStyle = .plain) -> [String] {
        let width = all.map(\.usage.count).max() ?? 0
        let rows = all.map { spec in
            "  " + style.strong(spec.usage) + String(repeating: " ", count: width - spec.usage.count) + "  " + spec.summary
        }
        return ["Commands (items are numbered as listed; .. is the way back):"] + rows
    }
}
