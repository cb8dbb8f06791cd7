import Foundation
@testable import PhotoNetworking
import Hummingbird
import SampleSources
import NIOCore
import PhotoSourceKit
import Synchronization

/// A real Hummingbird server on 127.0.0.1 with an ephemeral port, for the client tests.
struct LoopbackHTTPServer: Sendable {
    /// `http://127.0.0.1:port`.
    let baseURL: URL

    /// The server's origin, for an allow-list.
    var origin: String { "http://127.0.0.1:\(baseURL.port!)" }

    /// A URL on this server.
    func url(_ path: String) -> URL { URL(string: origin + path)! }

    /// Starts a server with `router`, runs `body`, and stops the server.
    static func with<T: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: (LoopbackHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try await LoopbackServer.start(router: router, name: "PhotoNetworkingTests")
        do {
            let value = try await body(LoopbackHTTPServer(baseURL: server.url))
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }
}

/// A thread-safe counter for route handlers.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one and returns the new count.
    @discardableResult
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }

    /// The current count.
    var count: Int { value.load(ordering: .relaxed) }
}

extension HTTPOptions {
    /// Options for tests: trusting `origins`, short timeouts, fast retries.
    static func testing(trusting origins: [String], retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)))
        throws -> HTTPOptions
    {
        HTTPOptions(
            connectTimeout: .seconds(5), totalTimeout: .seconds(10), addressPolicy: try .trusting(origins: origins), retry: retry)
    }
}

/// A value shared between route handlers, callbacks and the test, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The current value.
    var value: Value { storage.withLock { $0 } }

    /// Changes the value.
    func update(_ change: (inout Value) -> Void) {
        storage.withLock { change(&$0) }
    }
}
