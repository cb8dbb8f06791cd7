import PhotoSourceKit

extension ServiceConfiguration {
    /// Checks the destinations and the order settings.
    func validateOrders() throws {
        guard Set(destinations.map(\.id)).count == destinations.count else {
            throw PhotoSourceError(.invalidData, "destinations: every id must be distinct; \(destinations.map(\.id)) are not.")
        }
        for destination in destinations where destination.id.isEmpty || destination.id.contains("/") {
            throw PhotoSourceError(.invalidData, "destinations: \"\(destination.id)\" is not an id; use letters, digits and dashes.")
        }
        guard orders.leaseSeconds >= 1, orders.pollIntervalSeconds > 0, orders.retryBaseSeconds > 0,
              orders.retryMaximumSeconds >= orders.retryBaseSeconds, orders.maximumAttempts >= 1, orders.workers >= 1,
              orders.eventStreamSeconds > 0
        else {
            throw PhotoSourceError(
                .invalidData,
                "orders: leaseSeconds must be at least 1, maximumAttempts and workers at least 1, the other times positive (retryMaximumSeconds ≥ retryBaseSeconds).")
        }
    }
}
