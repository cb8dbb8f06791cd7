import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

private typealias Request = PhotoNetworking.HTTPRequest

/// 401 handling: one refresh, one retry.
@Suite("AuthorizedRequester")
struct AuthorizedRequesterTests {
    /// Accepts only `Bearer <accepted>`; records every Authorization header.
    private static func router(accepting accepted: String?, seen: Locked<[String]>) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("me") { request, _ in
            let header = request.headers[.authorization] ?? "none"
            seen.update { $0.append(header) }
            guard let accepted, header == "Bearer \(accepted)" else {
                return Response(status: .unauthorized, body: .init(byteBuffer: ByteBuffer(string: "{\"error\":\"invalid_token\"}")))
            }
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "hello")))
        }
        return router
    }

    @Test func aRejectedTokenIsRefreshedOnceThenTheRequestSucceeds() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.router(accepting: "fresh-1", seen: seen)) { server in
            let flow = TestSignInFlow()
            let session = try flow.session(token: "stale")
            let requester = AuthorizedRequester(client: .shared, session: session)
            // When
            let response = try await requester.send(Request(url: server.url("/me"), options: .testing(trusting: [server.origin])))
            // Then
            #expect(String(decoding: response.body, as: UTF8.self) == "hello")
            #expect(flow.refreshCount == 1)
            #expect(await session.refreshCount == 1)
            #expect(seen.value == ["Bearer stale", "Bearer fresh-1"])
        }
    }

    @Test func aSecondRejectionMarksTheSessionAndFailsWithoutLeakingTheToken() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.router(accepting: nil, seen: seen)) { server in
            let flow = TestSignInFlow()
            let session = try flow.session(token: "stale-secret-token")
            let requester = AuthorizedRequester(session: session)
            let error = try await #require(throws: PhotoSourceError.self) {
                try await requester.send(Request(url: server.url("/me"), options: .testing(trusting: [server.origin])))
            }
            #expect(error.code == .notLoggedIn)
            #expect(flow.refreshCount == 1)
            #expect(seen.value.count == 2)
            #expect(await session.isSignedIn == false)
            #expect(!error.description.contains("stale-secret-token"))
            #expect(!error.description.contains("fresh-1"))
            #expect(!String(describing: error.underlying as Any).contains("fresh-1"))
        }
    }

    @Test func concurrentRejectionsShareOneRefresh() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.router(accepting: "fresh-1", seen: seen)) { server in
            let flow = TestSignInFlow()
            let requester = AuthorizedRequester(session: try flow.session(token: "stale"))
            let options = try HTTPOptions.testing(trusting: [server.origin])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { _ = try await requester.send(Request(url: server.url("/me"), options: options)) }
                }
                try await group.waitForAll()
            }
            #expect(flow.refreshCount == 1)
        }
    }

    @Test func withoutASessionRequestsGoOutUnchanged() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.router(accepting: nil, seen: seen)) { server in
            let error = try await #require(throws: PhotoSourceError.self) {
                try await AuthorizedRequester(session: nil).send(Request(url: server.url("/me"), options: .testing(trusting: [server.origin])))
            }
            #expect(error.code == .authentication)
            #expect(seen.value == ["none"])
        }
    }

    @Test func aSignedOutSessionFailsBeforeSending() async throws {
        let seen = Locked<[String]>([])
        try await LoopbackHTTPServer.with(Self.router(accepting: nil, seen: seen)) { server in
            let session = AuthSession(sourceID: "test-cloud", store: InMemoryCredentialStore())
            let error = try await #require(throws: PhotoSourceError.self) {
                try await AuthorizedRequester(session: session).send(Request(url: server.url("/me"), options: .testing(trusting: [server.origin])))
            }
            #expect(error.code == .notLoggedIn)
            #expect(seen.value.isEmpty)
        }
    }
}
