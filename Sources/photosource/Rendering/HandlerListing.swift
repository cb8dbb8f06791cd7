import Foundation

/// The lines `handlers` and `send N` show for a catalog answer: numbered, the default first and
/// marked `*`, each with its name, id and actions; "Ask again" first when a handler for the
/// action appeared after the default was chosen (the old default is then only "was the default").
struct HandlerListing: Sendable {
    /// The service's answer.
    let offer: OrderAPIClient.HandlerOffer

    /// The lines, styled by `style`.
    func lines(style: TextStyle) -> [String] {
        let handlers = offer.defaultFirst
        let nameWidth = handlers.map { TerminalText.escaped($0.name).count }.max() ?? 0
        let idWidth = handlers.map { TerminalText.escaped($0.id).count }.max() ?? 0
        var lines: [String] = []
        if offer.askAgain {
            lines.append(TerminalText.escaped("Ask again — new apps appeared since the default for \(offer.action ?? "this action") was chosen."))
        }
        for (index, handler) in handlers.enumerated() {
            let mark = handler.isDefault && !offer.askAgain ? style.marked("*") : " "
            let name = TerminalText.escaped(handler.name).padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let id = TerminalText.escaped(handler.id).padding(toLength: idWidth, withPad: " ", startingAt: 0)
            var line = "\(mark) \(index + 1)  \(name)  \(id)  \(TerminalText.escaped(handler.actions.joined(separator: ", ")))"
            if handler.isDefault { line += offer.askAgain ? "  (was the default)" : "  (default)" }
            lines.append(line)
        }
        return lines
    }
}
