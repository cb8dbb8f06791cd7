import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceService
import Testing

@Suite("Connection limits", .serialized)
struct ConnectionLimitsTests {
    /// Timeouts of a second or two, so the test sees them pass in a few seconds.
    static func shortTimeouts(_ configuration: inout ServiceConfiguration) {
        configuration.traffic.headerTimeoutSeconds = 1
        configuration.traffic.bodyTimeoutSeconds = 1
        configuration.traffic.idleTimeoutSeconds = 2
    }

    /// `GET path` on a kept-alive connection.
    static func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    }

    @Test("300 idle and 40 slowloris connections are closed on time; meanwhile a normal client's p99 stays under 5 s")
    func idleAndSlowlorisConnections() async throws {
        try await ServiceHarness.run(configure: Self.shortTimeouts) { harness in
            let port = try #require(harness.client.port)
            // Given: connections that never send anything, and ones that trickle a head that never ends
            let opened = ContinuousClock.now
            let idle = try (0..<300).map { _ in try RawConnection(port: port) }
            let slowloris = try (0..<40).map { _ in try RawConnection(port: port) }
            for connection in slowloris { connection.send("GET /v1/health HTTP/1.1\r\n") }

            // When: a normal client keeps asking while the slowloris ones keep trickling
            var latencies: [Duration] = []
            for round in 0..<40 {
                for connection in slowloris { connection.send("X-Trickle-\(round): 1\r\n") }
                let start = ContinuousClock.now
                #expect(try await harness.get("/v1/health", token: nil).status == .ok)
                latencies.append(ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(50))
            }

            // Then: its p99 stays under a bound a loaded machine meets (alone it is milliseconds;
            // the whole suite on 2 cores once took 2.4 s; starved, the request would time out),
            // and the header timeout
            // (1 s) closed every idle and slowloris connection within 20 s of opening (without
            // the timeout none would ever close; the margin is for a machine running the whole
            // suite, where 8 s once left 1 s of polling and missed a few)
            let p99 = latencies.sorted()[Int((Double(latencies.count - 1) * 0.99).rounded(.up))]
            #expect(p99 < .seconds(5), "p99 \(p99)")
            let left = max(.seconds(5), .seconds(20) - (ContinuousClock.now - opened))
            #expect(try await RawConnection.countClosed(idle + slowloris, within: left) == 340)
        }
    }

    @Test("a kept-alive connection is closed after the idle timeout, and one whose body stops after the body timeout")
    func keptAliveAndStalledBody() async throws {
        try await ServiceHarness.run(configure: Self.shortTimeouts) { harness in
            let port = try #require(harness.client.port)
            let keptAlive = try RawConnection(port: port)
            keptAlive.send(Self.get("/v1/health"))
            #expect(try await keptAlive.response()?.head.hasPrefix("HTTP/1.1 200") == true)
            // A second request within the idle timeout is served on the same connection.
            keptAlive.send(Self.get("/v1/health"))
            #expect(try await keptAlive.response()?.head.hasPrefix("HTTP/1.1 200") == true)

            let stalled = try RawConnection(port: port)
            stalled.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n0123456789")

            #expect(try await keptAlive.closed(within: .seconds(8)))
            #expect(try await stalled.closed(within: .seconds(8)))
        }
    }

    @Test("past maximumConnections a connection is answered 503 with Retry-After and closed; once one closes, the next is served")
    func connectionCap() async throws {
        try await ServiceHarness.run(configure: { $0.traffic.maximumConnections = 8 }) { harness in
            let port = try #require(harness.client.port)
            // Given: eight kept-alive connections, each served once (so each is surely counted)
            var held: [RawConnection] = []
            for _ in 0..<8 {
                let connection = try RawConnection(port: port)
                connection.send(Self.get("/v1/health"))
                #expect(try await connection.response()?.head.hasPrefix("HTTP/1.1 200") == true)
                held.append(connection)
            }

            // When: a ninth asks
            let extra = try RawConnection(port: port)
            extra.send(Self.get("/v1/health"))
            let refusal = try #require(try await extra.response())

            // Then: 503, Retry-After, and the server hangs up
            #expect(refusal.head.hasPrefix("HTTP/1.1 503"))
            #expect(refusal.head.lowercased().contains("retry-after: 1"))
            #expect(try await extra.closed(within: .seconds(5)))

            // And once one of the eight closes, a new connection is served again.
            held.removeFirst()
            var served = false
            let deadline = ContinuousClock.now + .seconds(10)
            while !served, ContinuousClock.now < deadline {
                let next = try RawConnection(port: port)
                next.send(Self.get("/v1/health"))
                served = try await next.response()?.head.hasPrefix("HTTP/1.1 200") == true
                if !served { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(served)
            _ = held
        }
    }
}
