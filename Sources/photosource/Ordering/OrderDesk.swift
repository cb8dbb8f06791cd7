import Foundation
import PhotoSourceKit

/// The REPL's orders: the in-process service, started on the first `order` and stopped when the
/// REPL ends, and the orders this session placed, numbered from 1 as `orders` lists them.
actor OrderDesk {
    /// One order placed from this REPL session.
    struct Placed: Sendable {
        /// The service's order id.
        let id: String
        /// The reference the REPL gave it (`repl-N`).
        let reference: String
        /// The photos' titles, line by line.
        let titles: [String]
    }

    private var starting: Task<InProcessOrderService, any Error>?
    /// The orders placed so far, oldest first.
    private(set) var placed: [Placed] = []
    private let environment: [String: String]

    /// A desk that has started nothing yet.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The running service, started over `sources` the first time. The start runs in a task of
    /// its own, so a Ctrl-C while it starts stops waiting for it, not the start half way.
    func service(sources: [any PhotoSource]) async throws -> InProcessOrderService {
        if let starting, let running = try? await starting.value { return running }
        let environment = environment
        let task = Task { try await InProcessOrderService.start(sources: sources, environment: environment) }
        starting = task
        do {
            return try await task.value
        } catch {
            starting = nil  // the next `order` tries again
            throw error
        }
    }

    /// The running service, or `nil` when no order was placed yet.
    var running: InProcessOrderService? {
        get async {
            guard let starting else { return nil }
            return try? await starting.value
        }
    }

    /// Records an order; returns its number in this session.
    func record(_ order: Placed) -> Int {
        placed.append(order)
        return placed.count
    }

    /// The reference the next order gets.
    var nextReference: String { "repl-\(placed.count + 1)" }

    /// Stops the service and the lab, if they were started.
    func stop() async {
        guard let starting else { return }
        self.starting = nil
        await (try? starting.value)?.stop()
    }
}
