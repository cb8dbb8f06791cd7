/// The one-line progress of an order that `order` redraws while it follows it:
/// `Order 1 [########------------]  40%  delivering · photos 2/2 · folder delivered · lab printed`.
///
/// Each photo counts one step (materialised or failed), each destination one step when it ends,
/// and a print lab one step per stage it reports (received → downloaded → printed → shipped).
enum OrderProgressLine {
    /// The line for `order`, number `number` of the session, fitted into `columns`: one column is
    /// left free (a line that reaches the last column wraps on many terminals, and `\r` then
    /// redraws only its second row, so frames pile up). The bar narrows from `width` down to 5
    /// characters first; if the line is still too long, its end is cut with `…`.
    static func line(number: Int, order: OrderSnapshot, width: Int = 20, columns: Int = .max) -> String {
        let (done, total) = steps(of: order)
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let percent = String(Int(fraction * 100))
        let materialised = order.items.filter { $0.state != "pending" }.count
        let parts = ["\(order.status)", "photos \(materialised)/\(order.items.count)"] + order.destinations.map { destination in
            "\(destination.id) \(destination.kind == "printLab" ? destination.stage ?? destination.state : destination.state)"
        }
        let details = TerminalText.escaped(parts.joined(separator: " · "))
        func composed(barWidth: Int) -> String {
            let filled = Int(fraction * Double(barWidth))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            return "Order \(number) [\(bar)] \(String(repeating: " ", count: 3 - percent.count))\(percent)%  " + details
        }
        let limit = max(1, columns == .max ? .max : columns - 1)
        var barWidth = max(1, width)
        while true {
            let line = composed(barWidth: barWidth)
            if line.count <= limit { return line }
            if barWidth <= 5 { return String(line.prefix(max(0, limit - 1))) + "…" }
            barWidth = max(5, barWidth / 2)
        }
    }

    /// Steps done and steps in all.
    static func steps(of order: OrderSnapshot) -> (done: Int, total: Int) {
        var done = order.items.filter { $0.state != "pending" }.count
        var total = order.items.count
        for destination in order.destinations {
            let ended = ["delivered", "partiallyDelivered", "failed", "cancelled"].contains(destination.state)
            if destination.kind == "printLab" {
                total += OrderSnapshot.labStages.count
                if let stage = destination.stage, let index = OrderSnapshot.labStages.firstIndex(of: stage) {
                    done += index + 1
                } else if destination.stage == "failed" || destination.state == "failed" || destination.state == "cancelled" {
                    done += OrderSnapshot.labStages.count
                }
            } else {
                total += 1
                if ended { done += 1 }
            }
        }
        return (done, total)
    }
}
