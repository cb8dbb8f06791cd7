/// What `send N [--to ID] [--action A] [--open]` and `handlers [--action A]` asked for; the
/// service checks the handler and the action.
struct SendOptions: Sendable, Equatable {
    /// `--to ID`: the handler to send to (and to remember for the action); without it the
    /// remembered default, when one applies, else the handlers are listed.
    var handler: String?
    /// `--action A`: what the handler is to do (`edit` when `nil`).
    var action: String?
    /// `--open`: fetch the launch URL as a browser would (loopback only) and report the answer.
    var opens = false

    /// The action when none is given.
    static let defaultAction = "edit"

    /// The action asked for, or `edit`.
    var resolvedAction: String { action ?? Self.defaultAction }

    private static let example = "as in `send 1 --to demo.editor --action edit --open`"

    /// Parses the words after `send N`, options in any order.
    static func parse(_ arguments: [String]) throws(ReplInputError) -> SendOptions {
        var options = SendOptions()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--open" {
                options.opens = true
                continue
            }
            guard ["--to", "--action"].contains(option) else {
                throw ReplInputError("`send` knows --to, --action and --open, not \"\(option)\"; \(example).")
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw ReplInputError("\(option) needs a value, \(example).")
            }
            if option == "--to" { options.handler = value } else { options.action = value }
        }
        return options
    }

    /// Parses the words after `handlers`: nothing, or `--action A`.
    static func parseAction(_ arguments: [String]) throws(ReplInputError) -> String? {
        guard !arguments.isEmpty else { return nil }
        guard arguments.count == 2, arguments[0] == "--action", !arguments[1].hasPrefix("--") else {
            throw ReplInputError("`handlers` takes nothing or --action A, as in `handlers --action edit`.")
        }
        return arguments[1]
    }
}
