public import Foundation

/// The shape of the order a print lab takes, chosen per destination with `"format"`: the lab
/// adapter is this data (how an order is written, where the lab's order id is in its answer,
/// where a cancel goes), not a special case in the destination.
public enum PrintLabFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Prodigi's v4 `POST /v4.0/Orders` (``PrintLabOrder``); cancel at `{orders}/{id}/actions/cancel`. The default.
    case prodigiV4 = "prodigi-v4"
    /// Gelato's v4 `POST /v4/orders` (``GelatoOrder``); cancel at `{orders}/{id}:cancel`.
    case gelatoV4 = "gelato-v4"

    /// The request body for `order` (built from the delivery by ``PrintLabDestination``), billed
    /// in `currency` (ISO 4217) where the shape has the field (Gelato's `currency`).
    func body(_ order: PrintLabOrder, currency: String = "USD") throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .prodigiV4: return try encoder.encode(order)
        case .gelatoV4: return try encoder.encode(GelatoOrder(order, currency: currency))
        }
    }

    /// The lab's order id in its answer to an order, or `nil` when it names none.
    func externalID(in answer: Data) -> String? {
        let id: String? =
            switch self {
            case .prodigiV4: (try? JSONDecoder().decode(PrintLabOrder.Response.self, from: answer))?.order.id
            case .gelatoV4: (try? JSONDecoder().decode(GelatoOrder.Response.self, from: answer))?.id
            }
        return id?.isEmpty == false ? id : nil
    }

    /// Where a request to cancel lab order `externalID` goes.
    func cancelURL(orders: URL, externalID: String) -> URL {
        switch self {
        case .prodigiV4: orders.appendingPathComponent(externalID).appendingPathComponent("actions").appendingPathComponent("cancel")
        case .gelatoV4: orders.appendingPathComponent("\(externalID):cancel")
        }
    }
}
