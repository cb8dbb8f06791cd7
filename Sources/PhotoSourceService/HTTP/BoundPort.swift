import Synchronization

/// The port the server actually listens on, known once it runs (the configuration may say 0),
/// for absolute URLs made without a `publicBaseURL`.
final class BoundPort: Sendable {
    private let port = Atomic<Int>(0)

    /// `nil` until the server listens.
    var value: Int? {
        let current = port.load(ordering: .acquiring)
        return current == 0 ? nil : current
    }

    /// Records the listening port.
    func set(_ value: Int) {
        port.store(value, ordering: .releasing)
    }
}
