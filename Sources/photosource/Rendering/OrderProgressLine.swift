/// The one-line progress of an order that `order` redraws while it follows it:
/// `Order 1 [########------------]  40%  delivering · photos 2/2 · folder delivered · lab printed`.
///
/// Each photo counts one step (materialised or failed), each destination one step when it ends,
/// and a print lab one step per stage it reports (received → downloaded → printed → shipped).
enum OrderProgressLine {
    /// The line for `order`, number `number` of the session.
    static func line(number: Int, order: OrderSnapshot, width: Int = 20) -> String {
        let (done, total) = steps(of: order)
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = String(Int(fraction * 100))
        let materialised = order.items.filter { $0.state != "pending" }.count
        let parts = ["\(order.status)", "photos \(materialised)/\(order.items.count)"] + order.destinations.map { destination in
            "\(destination.id) \(destination.kind == "printLab" ? destination.stage ?? destination.state : destination.state)"
        }
        let padding = String(repeating: " ", count: 3 - percent.count)
        return TerminalText.escaped("Order \(number) [\(bar)] \(padding)\(percent)%  " + parts.joined(separator: " · "))
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
