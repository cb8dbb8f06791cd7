package import Foundation
import PhotoSourceKit
import Synchronization

/// Where a demo server keeps its ``LoopbackServer``: stopped, starting, or running one. Its
/// lock makes "start twice" an error and "stop twice" nothing, the lifecycle the demo editor
/// and the demo upload receiver share.
package final class LoopbackServerSlot: Sendable {
    private enum Phase {
        case stopped
        case starting
        case running(LoopbackServer)
    }

    private let phase = Mutex(Phase.stopped)

    /// An empty slot.
    package init() {}

    /// Starts the server `start` makes, unless one is running or starting; `name` ("The demo
    /// editor") words that refusal (`.invalidData`). A failed start leaves the slot empty.
    package func start(_ name: String, _ start: () async throws -> LoopbackServer) async throws -> URL {
        try phase.withLock { phase in
            guard case .stopped = phase else {
                throw PhotoSourceError(.invalidData, "\(name) is already running; stop it before starting it again.")
            }
            phase = .starting
        }
        do {
            let server = try await start()
            phase.withLock { $0 = .running(server) }
            return server.url
        } catch {
            phase.withLock { $0 = .stopped }
            throw error
        }
    }

    /// The running server, taken out (the slot is empty again), or `nil` when none runs.
    package func take() -> LoopbackServer? {
        phase.withLock { phase in
            guard case .running(let server) = phase else { return nil }
            phase = .stopped
            return server
        }
    }

    /// The running server, if any.
    package var server: LoopbackServer? {
        phase.withLock { phase in
            if case .running(let server) = phase { return server }
            return nil
        }
    }

    /// Waits until the running server stops; returns at once when none runs.
    package func waitUntilStopped() async {
        _ = try? await server?.task.value
    }
}
