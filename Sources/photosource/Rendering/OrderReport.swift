import PhotoSourceKit

/// What `order` prints when the order has ended and what `order-status N` prints: the status,
/// each photo (size, fitness for its product, warnings such as `lowResolution`, or its error
/// code and message), and each destination (where a folder wrote the order, a lab's stage and,
/// once it shipped, the parcel's carrier, tracking number and tracking page).
struct OrderReport {
    /// The order's number in this REPL session.
    let number: Int
    /// The order.
    let order: OrderSnapshot
    /// The photos' titles, by line (the item id is shown when one is missing).
    let titles: [String]
    /// Where the `folder` destination with this id wrote the order, if it is one.
    let folder: @Sendable (_ destinationID: String) -> String?

    /// The lines, styled.
    func lines(style: TextStyle) -> [String] {
        let status = order.status == "delivered" ? style.marked(order.status)
            : ["failed", "cancelled", "partiallyDelivered"].contains(order.status) ? style.failure(order.status) : style.strong(order.status)
        var lines = [TerminalText.escaped("Order \(number) (\(order.id), reference \(order.reference)): ") + status]
        let width = String(order.items.count).count
        for line in order.items {
            let number = String(line.index + 1)
            let title = titles.indices.contains(line.index) ? titles[line.index] : line.itemId
            var text = "  " + String(repeating: " ", count: width - number.count) + number + "  " + TerminalText.escaped(title) + "  " + TerminalText.escaped(line.product)
            switch line.state {
            case "failed":
                text += "  " + style.failure("failed") + TerminalText.escaped(": \(line.errorCode ?? "unknown"): \(line.message ?? "no reason given")")
            case "pending":
                text += "  " + style.faint("pending")
            default:
                if let width = line.pixelWidth, let height = line.pixelHeight { text += "  " + style.faint("\(width)×\(height)") }
                if let fitness = line.fitness {
                    let verdict = PrintFitness.Verdict(rawValue: fitness.verdict).map(style.verdict) ?? TerminalText.escaped(fitness.verdict)
                    text += "  \(fitness.dpi) dpi \(verdict)"
                }
                if !line.warnings.isEmpty { text += "  " + style.failure(TerminalText.escaped("warning: " + line.warnings.joined(separator: ", "))) }
            }
            lines.append(text)
        }
        let idWidth = order.destinations.map(\.id.count).max() ?? 0
        for destination in order.destinations {
            var text = "  " + TerminalText.escaped(destination.id) + String(repeating: " ", count: idWidth - destination.id.count) + "  "
            text += ["failed", "cancelled", "partiallyDelivered"].contains(destination.state) ? style.failure(destination.state) : destination.state
            if let stage = destination.stage { text += TerminalText.escaped(", lab stage \(stage)") }
            if let external = destination.externalId { text += TerminalText.escaped(" (lab order \(external))") }
            if let code = destination.errorCode { text += TerminalText.escaped(": \(code): \(destination.message ?? "no reason given")") }
            if ["delivered", "partiallyDelivered"].contains(destination.state), let path = folder(destination.id) {
                text += TerminalText.escaped(" to \(path)")
            }
            lines.append(text)
            if let tracking = destination.tracking {
                let parts = [tracking.carrier, tracking.number, tracking.url].compactMap { $0 }
                if !parts.isEmpty {
                    lines.append("  " + String(repeating: " ", count: idWidth) + "  " + TerminalText.escaped("tracking: " + parts.joined(separator: " ")))
                }
            }
        }
        return lines
    }
}
