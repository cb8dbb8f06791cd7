import Foundation
import Hummingbird
import SampleSources
import NIOCore
import PhotoSourceKit
import Synchronization

/// A real Hummingbird server on 127.0.0.1 with an ephemeral port, for the destination tests
/// (an upload receiver, an asset host, a callback endpoint, a shop's webhook).
struct OrderTestServer: Sendable {
    /// `http://127.0.0.1:port`.
    let origin: String

    /// A URL on this server.
    func url(_ path: String) -> URL { URL(string: origin + path)! }

    /// Starts a server with `router`, runs `body`, and stops the server.
    static func with<T: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: (OrderTestServer) async throws -> T
    ) async throws -> T {
        let server = try await LoopbackServer.start(router: router, name: "OrderTests")
        do {
            let value = try await body(OrderTestServer(origin: "http://127.0.0.1:\(server.port)"))
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// A value shared between route handlers, callbacks and the test, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The current value.
    var value: Value { storage.withLock { $0 } }

    /// Changes the value and returns what `change` returns.
    @discardableResult
    func update<R: Sendable>(_ change: (inout Value) -> R) -> R {
        storage.withLock { change(&$0) }
    }
}

/// Polls `condition` every 20 ms until it holds or `limit` passes; the limit is a safety net
/// against a hang, not a timing assertion.
func eventually(_ limit: Duration = .seconds(20), _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
