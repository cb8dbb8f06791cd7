public import Foundation
import Hummingbird
import Logging
import NIOCore
import PhotoSourceKit
import ServiceLifecycle
import Synchronization

/// A demo photo cloud: a real HTTP server on 127.0.0.1 with OAuth 2 sign-in (authorization code
/// with PKCE, refresh-token rotation, device flow) and a REST API of albums and photos in the
/// style of real photo services, for `make demo`, the CLI's `demo-cloud` command and tests.
///
/// Content is deterministic (see ``Configuration``); photos are drawn on request and remembered.
/// Tests can inject faults at runtime (``faults``, ``expireAccessTokens()``) and read what the
/// server saw (``statistics``).
///
/// ```swift
/// let cloud = DemoCloud()
/// let url = try await cloud.start(configuration: .init(autoApprove: true))
/// defer { Task { await cloud.stop() } }
/// ```
public final class DemoCloud: Sendable {
    /// The OAuth client id the default configuration accepts.
    public static let defaultClientID = "photosource-demo"

    private enum Phase {
        case stopped
        case starting
        case running(task: Task<Void, any Error>, group: ServiceGroup, state: CloudState, url: URL)
    }

    private let controls = CloudControls()
    private let phase = Mutex(Phase.stopped)

    /// Creates a stopped server.
    public init() {}

    /// Starts listening on 127.0.0.1 and returns the base URL (with the real port).
    ///
    /// - Parameters:
    ///   - port: the port, or 0 for an ephemeral one.
    ///   - configuration: the content and sign-in behaviour for this run.
    /// - Throws: `.connection` when the port cannot be bound, `.invalidData` when already running,
    ///   `.notFound` when the configuration's photo folder cannot be listed.
    public func start(port: Int = 0, configuration: Configuration = Configuration()) async throws -> URL {
        try phase.withLock { phase in
            guard case .stopped = phase else {
                throw PhotoSourceError(.invalidData, "The demo cloud is already running; stop it before starting it again.")
            }
            phase = .starting
        }
        let state: CloudState
        do {
            state = try CloudState(configuration: configuration, controls: controls)
        } catch {
            phase.withLock { $0 = .stopped }
            throw error
        }
        var logger = Logger(label: "DemoCloud")
        logger.logLevel = configuration.logsLifecycle ? .info : .warning
        let server: LoopbackServer
        do {
            server = try await LoopbackServer.start(
                router: Self.makeRouter(state: state), port: port, name: "The demo cloud", serverName: "DemoCloud", logger: logger)
        } catch {
            phase.withLock { $0 = .stopped }
            throw error
        }
        let (task, group, url) = (server.task, server.group, server.url)
        state.origin.withLock { $0 = url.absoluteString }
        phase.withLock { $0 = .running(task: task, group: group, state: state, url: url) }
        return url
    }

    /// Stops the server gracefully: requests in progress finish (deliberate delays are cut
    /// short), then the connections close. Does nothing when the server is not running.
    public func stop() async {
        let running: (Task<Void, any Error>, ServiceGroup)? = phase.withLock { phase in
            guard case .running(let task, let group, let state, _) = phase else { return nil }
            state.isStopping.store(true, ordering: .relaxed)
            phase = .stopped
            return (task, group)
        }
        guard let (task, group) = running else { return }
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// Waits until the server stops (after ``stop()``, or when it fails); returns at once when it
    /// is not running. For a command that serves until it is interrupted.
    public func waitUntilStopped() async {
        let task: Task<Void, any Error>? = phase.withLock { phase in
            if case .running(let task, _, _, _) = phase { return task }
            return nil
        }
        _ = try? await task?.value
    }

    /// The base URL while running, else `nil`.
    public var baseURL: URL? {
        phase.withLock { phase in
            if case .running(_, _, _, let url) = phase { return url }
            return nil
        }
    }

    /// The faults injected into API requests from now on.
    public var faults: Faults {
        get { controls.faults.withLock { $0 } }
        set { controls.faults.withLock { $0 = newValue } }
    }

    /// Changes the faults atomically.
    public func updateFaults(_ change: (inout Faults) -> Void) {
        controls.faults.withLock { change(&$0) }
    }

    /// What the server has seen so far.
    public var statistics: Statistics {
        controls.statistics.withLock { $0 }
    }

    /// Sets all counters back to zero.
    public func resetStatistics() {
        controls.statistics.withLock { $0 = Statistics() }
    }

    /// Makes every access token issued so far expired (refresh tokens keep working).
    public func expireAccessTokens() {
        guard let state = runningState else { return }
        let now = state.clock.now
        state.tokens.withLock { $0.expireAllAccessTokens(now: now) }
    }

    /// Revokes every grant: access tokens expire and refresh tokens stop working, so clients
    /// have to sign in again (their refresh gets `invalid_grant`).
    public func revokeAllGrants() {
        guard let state = runningState else { return }
        let now = state.clock.now
        state.tokens.withLock { $0.revokeAll(now: now) }
    }

    private var runningState: CloudState? {
        phase.withLock { phase in
            if case .running(_, _, let state, _) = phase { return state }
            return nil
        }
    }

    /// The router with every endpoint, for ``start(port:configuration:)`` and router-level tests.
    static func makeRouter(state: CloudState) -> Router<BasicRequestContext> {
        let router = Router()
        OAuthEndpoints(state: state).register(on: router)
        APIEndpoints(state: state).register(on: router)
        return router
    }
}
