public import Foundation
import Hummingbird
import Logging
import PhotoSourceKit
import Synchronization

/// A demo print lab: a real HTTP server on 127.0.0.1 that takes orders shaped like Prodigi's
/// v4 API, downloads every asset from the URL it was given and checks its MD5, then sends signed
/// status callbacks (`received → downloaded → printed → shipped`, or `failed` with a message),
/// for `make demo`, the CLI's `demo-lab` command and tests.
///
/// Orders are de-duplicated by idempotency key. Tests can inject faults at runtime (``faults``)
/// and read what the lab saw (``statistics``, ``orders``).
///
/// ```swift
/// let lab = DemoLab()
/// let url = try await lab.start(configuration: .init(callbackURL: callbacks, trustedOrigins: [service]))
/// defer { Task { await lab.stop() } }
/// // POST orders to lab.ordersURL
/// ```
public final class DemoLab: Sendable {
    /// The callback secret the default configuration signs with (a demo value, not a secret).
    public static let defaultCallbackSecret = "demo-lab-callback-secret"

    private enum Phase {
        case stopped
        case starting
        case running(server: LoopbackServer, state: LabState)
    }

    private let controls = LabControls()
    private let phase = Mutex(Phase.stopped)

    /// Creates a stopped lab.
    public init() {}

    /// Starts listening on 127.0.0.1 and returns the base URL (with the real port).
    ///
    /// - Parameters:
    ///   - port: the port, or 0 for an ephemeral one.
    ///   - configuration: where callbacks go and which origins may be fetched.
    /// - Throws: `.connection` when the port cannot be bound, `.invalidData` when already running
    ///   or when a trusted origin is malformed.
    public func start(port: Int = 0, configuration: Configuration = Configuration()) async throws -> URL {
        try phase.withLock { phase in
            guard case .stopped = phase else {
                throw PhotoSourceError(.invalidData, "The demo lab is already running; stop it before starting it again.")
            }
            phase = .starting
        }
        let state: LabState
        do {
            state = try LabState(configuration: configuration, controls: controls)
        } catch {
            phase.withLock { $0 = .stopped }
            throw error
        }
        var logger = Logger(label: "DemoLab")
        logger.logLevel = configuration.logsLifecycle ? .info : .warning
        let router = Router()
        LabEndpoints(state: state).register(on: router)
        let server: LoopbackServer
        do {
            server = try await LoopbackServer.start(router: router, port: port, name: "The demo lab", serverName: "DemoLab", logger: logger)
        } catch {
            phase.withLock { $0 = .stopped }
            throw error
        }
        state.baseURL.withLock { $0 = server.url.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        phase.withLock { $0 = .running(server: server, state: state) }
        return server.url
    }

    /// Stops the lab: fulfilment in progress is abandoned, requests in progress finish, then
    /// the connections close. Does nothing when the lab is not running.
    public func stop() async {
        let running: (LoopbackServer, LabState)? = phase.withLock { phase in
            guard case .running(let server, let state) = phase else { return nil }
            state.isStopping.store(true, ordering: .relaxed)
            phase = .stopped
            return (server, state)
        }
        guard let (server, state) = running else { return }
        let work = state.work.withLock { Array($0.values) }
        for job in work { job.cancel() }
        for job in work { await job.value }
        await server.stop()
    }

    /// Waits until the lab stops; returns at once when it is not running.
    public func waitUntilStopped() async {
        let task: Task<Void, any Error>? = phase.withLock { phase in
            if case .running(let server, _) = phase { return server.task }
            return nil
        }
        _ = try? await task?.value
    }

    /// The base URL while running, else `nil`.
    public var baseURL: URL? {
        phase.withLock { phase in
            if case .running(let server, _) = phase { return server.url }
            return nil
        }
    }

    /// Where orders are POSTed (`<base>/v4.0/Orders`) while running, else `nil`.
    public var ordersURL: URL? {
        baseURL?.appendingPathComponent("v4.0/Orders")
    }

    /// The faults injected from now on.
    public var faults: Faults {
        get { controls.faults.withLock { $0 } }
        set { controls.faults.withLock { $0 = newValue } }
    }

    /// Changes the faults atomically.
    public func updateFaults(_ change: (inout Faults) -> Void) {
        controls.faults.withLock { change(&$0) }
    }

    /// What the lab has seen so far.
    public var statistics: Statistics {
        controls.statistics.withLock { $0 }
    }

    /// Every order the lab holds, by id (`ord_1`, `ord_2`…) order.
    public var orders: [OrderRecord] {
        controls.orders.withLock { book in
            book.records.values.sorted { $0.id.count != $1.id.count ? $0.id.count < $1.id.count : $0.id < $1.id }
        }
    }
}
