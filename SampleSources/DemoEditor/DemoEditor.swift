public import Foundation
import Hummingbird
import Logging
public import PhotoSourceKit
import Synchronization

/// A demo photo editor: a real HTTP server on 127.0.0.1 that a hand-off launches with
/// `GET /edit?image=<one-time image URL>&return=<one-time return URL>`. It fetches the photo
/// (loopback addresses only), mirrors it left–right, POSTs it back to the return URL in the same
/// format, and answers a small HTML page saying what it did — the "Send to…" round trip of
/// `make demo`, the no-config `photosource serve`, the CLI's `demo-editor` command and tests.
///
/// It serves its own icons (`/icon.png`, `/icon@2x.png`); ``catalogHandler`` is its entry for
/// a handler catalog. Tests read what it did in ``statistics``.
///
/// ```swift
/// let editor = DemoEditor()
/// let url = try await editor.start()
/// defer { Task { await editor.stop() } }
/// // add editor.catalogHandler! to the catalog's handlers
/// ```
public final class DemoEditor: Sendable {
    /// The editor's catalog id.
    public static let handlerID = "demo.editor"

    private let counters = Mutex(Statistics())
    private let slot = LoopbackServerSlot()

    /// Creates a stopped editor.
    public init() {}

    /// Starts listening on 127.0.0.1 and returns the base URL (with the real port).
    ///
    /// - Parameters:
    ///   - port: the port, or 0 for an ephemeral one.
    ///   - logsLifecycle: whether start and stop are logged at info level.
    /// - Throws: `.connection` when the port cannot be bound, `.invalidData` when already running.
    public func start(port: Int = 0, logsLifecycle: Bool = false) async throws -> URL {
        var logger = Logger(label: "DemoEditor")
        logger.logLevel = logsLifecycle ? .info : .warning
        let router = Router()
        EditorEndpoints(roundTrip: EditorRoundTrip(record: record)).register(on: router)
        return try await slot.start("The demo editor") {
            try await LoopbackServer.start(router: router, port: port, name: "The demo editor", serverName: "DemoEditor", logger: logger)
        }
    }

    /// Stops the editor: requests in progress finish, then the connections close. Does nothing
    /// when it is not running.
    public func stop() async {
        await slot.take()?.stop()
    }

    /// Waits until the editor stops; returns at once when it is not running.
    public func waitUntilStopped() async {
        await slot.waitUntilStopped()
    }

    /// The base URL while running, else `nil`.
    public var baseURL: URL? {
        slot.server?.url
    }

    /// What the editor has done so far (kept across restarts).
    public var statistics: Statistics {
        counters.withLock { $0 }
    }

    /// Its catalog entry while running (see ``catalogHandler(baseURL:)``), else `nil`.
    public var catalogHandler: CatalogHandler? {
        baseURL.map(Self.catalogHandler(baseURL:))
    }

    private func record(_ update: (inout Statistics) -> Void) {
        counters.withLock { update(&$0) }
    }
}
