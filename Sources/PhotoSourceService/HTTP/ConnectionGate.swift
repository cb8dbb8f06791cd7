import Synchronization

/// Counts the service's open connections against ``TrafficLimits/maximumConnections``.
///
/// Every accepted connection is counted, answered or refused, since each holds a file
/// descriptor until it closes; ``ConnectionCapHandler`` refuses the ones past the cap.
final class ConnectionGate: Sendable {
    /// The most connections served at once.
    let maximum: Int
    private let open = Atomic<Int>(0)

    /// A gate letting `maximum` connections through at once.
    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a new connection; whether it is within the cap.
    func enter() -> Bool {
        open.wrappingAdd(1, ordering: .relaxed).newValue <= maximum
    }

    /// Uncounts a connection that closed.
    func leave() {
        open.wrappingSubtract(1, ordering: .relaxed)
    }

    /// The connections open now.
    var openConnections: Int { open.load(ordering: .relaxed) }
}
