import Foundation

/// Before an order is cancelled, asks each print lab that already has it (its delivery has the
/// lab's order id and has not ended at the lab: not shipped, failed or already cancelled) to
/// cancel it, all at once; the answers go to ``OrderStore/cancelOrder(id:now:labAnswers:)``.
struct LabCancellationRequests {
    let configuration: ServiceConfiguration

    /// The deliveries of `order` a lab must be asked about.
    static func askable(_ order: OrderRecord) -> [OrderRecord.Delivery] {
        let ended: Set<String> = [PrintLabStage.shipped.rawValue, PrintLabStage.failed.rawValue, PrintLabStage.cancelled.rawValue]
        return order.deliveries.filter { delivery in
            delivery.kind == "printLab" && delivery.externalID != nil && !ended.contains(delivery.stage ?? "")
                && [.accepted, .delivered, .partiallyDelivered].contains(delivery.state)
        }
    }

    /// Each askable lab's answer, by destination id.
    func answers(for order: OrderRecord) async -> [String: DeliveryCancellation] {
        let labs = Self.askable(order).map { delivery in (delivery.destinationID, delivery.externalID ?? "", lab(delivery.destinationID)) }
        return await withTaskGroup(of: (String, DeliveryCancellation).self) { group in
            for (id, externalID, lab) in labs {
                group.addTask {
                    guard let lab else {
                        return (id, DeliveryCancellation(outcome: .unreachable, reason: "Print lab \(id) is no longer configured, so it could not be asked to cancel."))
                    }
                    return (id, await lab.cancel(externalID: externalID))
                }
            }
            var answers: [String: DeliveryCancellation] = [:]
            for await (id, answer) in group { answers[id] = answer }
            return answers
        }
    }

    /// The configured lab `id` (enabled or not: a disabled lab may still hold orders), or `nil`.
    private func lab(_ id: String) -> PrintLabDestination? {
        guard let entry = configuration.destinations.first(where: { $0.id == id && $0.kind == "printLab" }),
              case .printLab(let settings, _) = (try? RemoteDestinationEntry.decoded(from: entry))?.settings
        else { return nil }
        return try? PrintLabDestination(settings)
    }
}
