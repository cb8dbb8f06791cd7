import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// A server that misbehaves, on loopback: every case ends in the right typed error.
@Suite("HTTPClient against a misbehaving server")
struct MalformedServerTests {
    let client = HTTPClient()

    private func options(_ server: RawSocketServer, retry: RetryPolicy = .none) throws -> HTTPOptions {
        try HTTPOptions.testing(trusting: [server.origin], retry: retry)
    }

    private func send(_ server: RawSocketServer, _ path: String = "/", options: HTTPOptions) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(url: URL(string: server.origin + path)!, options: options))
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.silent)
        defer { server.stop() }
        var options = try options(server)
        options.totalTimeout = .seconds(1)
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: options) }
        #expect(error.code == .connection)
        #expect(error.message.contains("did not answer in time"))
    }

    @Test func aDrippingServerHitsTheLowSpeedLimit() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.dripping())
        defer { server.stop() }
        var options = try options(server)
        options.lowSpeedLimit = (bytesPerSecond: 100, duration: .seconds(1))
        // Only the low-speed limit may end this transfer: on a loaded machine the transfer loop can
        // wake late, and curl checks the total timeout first, so a near one would win the race.
        options.totalTimeout = .seconds(300)
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: options) }
        #expect(error.code == .connection)
        #expect(error.detail?.contains("too slow") == true, "\(error)")
    }

    @Test func bytesBeyondContentLengthAreNotDelivered() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloEXTRA-BYTES-THAT-DO-NOT-BELONG"))
        defer { server.stop() }
        let response = try await send(server, options: try options(server))
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
    }

    @Test func aConnectionCutMidBodyFails() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", bodyBytes: 10))
        defer { server.stop() }
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: try options(server)) }
        #expect(error.code == .connection)
    }

    @Test(arguments: ["HELLO WORLD\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n", "\u{1}\u{2}\u{3}garbage"])
    func aGarbageStatusLineIsInvalidData(head: String) async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw(head))
        defer { server.stop() }
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: try options(server)) }
        #expect(error.code == .invalidData, "\(error)")
    }

    @Test func aRedirectLoopStopsAfterMaxRedirects() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.answering("302 Found", headers: ["Location: /again"]))
        defer { server.stop() }
        var options = try options(server)
        options.maxRedirects = 3
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: options) }
        #expect(error.code == .invalidData)
        #expect(error.message.contains("redirected more than 3 times"))
    }

    @Test func aHugeContentLengthIsRefusedBeforeTheBody() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw(
            "HTTP/1.1 200 OK\r\nContent-Length: 10737418240\r\n\r\n", bodyBytes: 1 << 20))
        defer { server.stop() }
        var options = try options(server)
        options.maxBodyBytes = 1 << 20
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: options) }
        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.message.contains("announced 10737418240 bytes"))
    }

    @Test(arguments: [(300_000, true), (100_001, true), (100_000, false)])
    func aBodyWithoutContentLengthIsAbortedOneBytePastTheLimit(bodyBytes: Int, tooLarge: Bool) async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", bodyBytes: bodyBytes))
        defer { server.stop() }
        var options = try options(server)
        options.maxBodyBytes = 100_000
        do {
            let response = try await send(server, options: options)
            #expect(!tooLarge)
            #expect(response.body.count == bodyBytes)
        } catch let error as PhotoSourceError {
            #expect(tooLarge)
            #expect(error.code == .tooLarge)
            #expect(error.message.contains("larger than the limit of 100000 bytes"))
        }
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        let attempts = Counter()
        let server = try RawSocketServer { connection in
            connection.readRequestHead()
            if attempts.next() == 1 { return }  // closes without answering
            connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        }
        defer { server.stop() }
        let response = try await send(server, options: try options(server, retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1))))
        #expect(String(decoding: response.body, as: UTF8.self) == "ok")
        #expect(attempts.count == 2)
    }

    @Test func connectionsAreReused() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.answering(body: "again"))
        defer { server.stop() }
        for _ in 0..<3 { _ = try await send(server, options: try options(server)) }
        #expect(server.acceptCount == 1)
    }

    @Test func cancellingTheTaskEndsTheTransfer() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.silent)
        defer { server.stop() }
        let options = try options(server)
        let task = Task { try await send(server, options: options) }
        while server.acceptCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let error = try await #require(throws: PhotoSourceError.self) { try await task.value }
        #expect(error.code == .cancelled)
    }

    @Test func headerInjectionIsRefusedBeforeConnecting() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.answering())
        defer { server.stop() }
        let request = HTTPRequest(url: URL(string: server.origin)!, headers: ["X-A": "1\r\nX-Injected: 2"], options: try options(server))
        let error = try await #require(throws: PhotoSourceError.self) { try await client.send(request) }
        #expect(error.code == .invalidData)
        #expect(!error.message.contains("X-Injected"))
        #expect(server.acceptCount == 0)
    }
}
