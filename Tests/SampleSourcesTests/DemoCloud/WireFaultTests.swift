import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import Synchronization
import Testing
@testable import SampleSources

/// Faults that only show on a real connection, against a real server on 127.0.0.1.
@Suite("Demo cloud: fault switches (on the wire)")
struct WireFaultTests {
    private static let path = "/v1/photos/photo-1-1/thumbnail"

    @Test("truncated bodies: the connection is cut before the announced length arrives")
    func truncated() async throws {
        try await LiveCloud.run { live in
            let token = try await live.signIn().accessToken
            live.cloud.faults.truncateBodies = true
            await #expect(throws: (any Error).self) { _ = try await live.get(Self.path, token: token, timeout: .seconds(10)) }
            live.cloud.faults = .none
            #expect(try await live.get(Self.path, token: token).status == .ok)
        }
    }

    @Test("wrong Content-Length: the announced length is half of the real body")
    func wrongContentLength() async throws {
        try await LiveCloud.run { live in
            let token = try await live.signIn().accessToken
            let full = try #require(try await live.get(Self.path, token: token).body).readableBytes
            live.cloud.faults.wrongContentLength = true
            let response = try await live.get(Self.path, token: token)
            #expect(response.headers[.contentLength] == String(full / 2))
            #expect(response.body?.readableBytes == full / 2)
        }
    }

    @Test("slow drip: a client with a 1 s deadline times out; with patience the body arrives whole")
    func slowDrip() async throws {
        try await LiveCloud.run { live in
            let token = try await live.signIn().accessToken
            let full = try #require(try await live.get(Self.path, token: token).body)
            live.cloud.faults.slowDripInterval = .seconds(5)
            live.cloud.faults.slowDripChunkSize = 64
            let error = await #expect(throws: PhotoSourceError.self) { _ = try await live.fetch(Self.path, token: token, deadline: .seconds(1)) }
            #expect(error?.code == .connection)
            live.cloud.faults.slowDripInterval = .milliseconds(1)
            live.cloud.faults.slowDripChunkSize = 1024
            #expect(try await live.get(Self.path, token: token).body == full)
        }
    }

    @Test("added latency: a client with a 1 s deadline times out")
    func latency() async throws {
        try await LiveCloud.run { live in
            let token = try await live.signIn().accessToken
            live.cloud.faults.latency = .seconds(60)
            let error = await #expect(throws: PhotoSourceError.self) { _ = try await live.fetch("/v1/albums", token: token, deadline: .seconds(1)) }
            #expect(error?.code == .connection)
            live.cloud.faults = .none
            #expect(try await live.get("/v1/albums", token: token).status == .ok)
        }
    }

    @Test("token expiry now: every issued access token gets 401 invalid_token")
    func expireNow() async throws {
        try await LiveCloud.run { live in
            let first = try await live.signIn().accessToken
            let second = try await live.signIn().accessToken
            live.cloud.expireAccessTokens()
            for token in [first, second] {
                let response = try await live.get("/v1/albums", token: token)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate]?.contains("invalid_token") == true)
            }
            #expect(live.cloud.statistics.unauthorizedResponses == 2)
        }
    }
}
