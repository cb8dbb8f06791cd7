/// Where an order stands: `accepted → materialising → delivering →` one of the four ends.
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every item was found in its source; nothing has been fetched yet.
    case accepted
    /// The originals are being copied into the asset store.
    case materialising
    /// The materialised originals are on their way to the destinations.
    case delivering
    /// Every destination has every materialised item.
    case delivered
    /// Some items or some destinations failed, the rest arrived.
    case partiallyDelivered
    /// Nothing arrived anywhere.
    case failed
    /// Cancelled before it finished; what had already been delivered is reported.
    case cancelled

    /// Whether nothing more will happen to the order.
    public var isFinal: Bool {
        switch self {
        case .delivered, .partiallyDelivered, .failed, .cancelled: true
        case .accepted, .materialising, .delivering: false
        }
    }

    /// The order's end once every delivery ended: `delivered` when all destinations got every
    /// item and no item failed to materialise, `failed` when none got anything, else `partiallyDelivered`.
    static func final(deliveries: [DeliveryState], anyItemFailed: Bool) -> OrderStatus {
        let reached = deliveries.filter { $0 == .delivered || $0 == .partiallyDelivered }
        if reached.isEmpty { return .failed }
        if !anyItemFailed, reached.count == deliveries.count, deliveries.allSatisfy({ $0 == .delivered }) { return .delivered }
        return .partiallyDelivered
    }
}

/// Where an order's delivery to one destination stands.
public enum DeliveryState: String, Sendable, Hashable, Codable {
    /// Waiting for its job (or for the originals).
    case pending
    /// Its job is sending.
    case delivering
    /// The destination took the order and reports later (a print lab fetching assets).
    case accepted
    /// Every materialised item arrived.
    case delivered
    /// Some items arrived, others failed alone.
    case partiallyDelivered
    /// Nothing arrived.
    case failed
    /// Cancelled before it was delivered.
    case cancelled

    /// Whether the delivery will not change any more (reports of an `accepted` one still may).
    var isFinal: Bool { [.delivered, .partiallyDelivered, .failed, .cancelled].contains(self) }
}
