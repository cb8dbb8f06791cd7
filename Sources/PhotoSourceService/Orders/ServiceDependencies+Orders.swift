import PhotoSourceKit

extension ServiceDependencies {
    /// The store as an ``OrderStore``; `.unknown` when the configured store keeps no orders.
    func orderStore() throws -> any OrderStore {
        guard let orders = store as? any OrderStore else {
            throw PhotoSourceError(.unknown, "This service's store keeps no orders; use the SQLite store or one that implements OrderStore.")
        }
        return orders
    }
}
