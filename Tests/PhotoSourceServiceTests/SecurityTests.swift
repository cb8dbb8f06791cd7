import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

@Suite("Security")
struct SecurityTests {
    @Test("every response, errors included, has nosniff and a CSP")
    func securityHeaders() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            for (uri, token) in [("/v1/health", nil), ("/v1/sources", session.token), ("/v1/sources", "bad"), ("/nowhere", nil)] as [(String, String?)] {
                let response = try await harness.get(uri, token: token)
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "\(uri)")
            }
        }
    }

    @Test("CORS: an allowed origin is echoed and its preflight answered; others get no CORS headers and a 403 preflight")
    func cors() async throws {
        try await ServiceHarness.run { harness in
            let preflight: HTTPFields = [.origin: "https://shop.example", .accessControlRequestMethod: "GET"]
            let allowed = try await harness.client.execute(uri: "/v1/sources", method: .options, headers: preflight)
            #expect(allowed.status == .noContent)
            #expect(allowed.headers[.accessControlAllowOrigin] == "https://shop.example")
            #expect(allowed.headers[.accessControlAllowHeaders]?.contains("Authorization") == true)
            let evil: HTTPFields = [.origin: "https://evil.example", .accessControlRequestMethod: "GET"]
            let refused = try await harness.client.execute(uri: "/v1/sources", method: .options, headers: evil)
            #expect(refused.status == .forbidden)
            #expect(refused.headers[.accessControlAllowOrigin] == nil)
            let simple = try await harness.get("/v1/health", token: nil, headers: [.origin: "https://evil.example"])
            #expect(simple.headers[.accessControlAllowOrigin] == nil)
            let good = try await harness.get("/v1/health", token: nil, headers: [.origin: "https://shop.example"])
            #expect(good.headers[.accessControlAllowOrigin] == "https://shop.example")
            #expect(good.headers[.accessControlAllowOrigin] != "*")
        }
    }

    @Test("a body over the limit is 413 too-large")
    func bodyLimit() async throws {
        try await ServiceHarness.run(configure: { $0.limits.maximumBodyBytes = 1_024 }) { harness in
            let big = ByteBuffer(repeating: UInt8(ascii: "x"), count: 4_096)
            let response = try await harness.client.execute(
                uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"], body: big)
            #expect(response.status == .contentTooLarge)
            #expect(try ServiceHarness.object(response)["code"] as? String == "too-large")
            let small = try await harness.client.execute(
                uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)", .contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(small.status == .created)
        }
    }

    @Test("past the per-minute limit a session gets 429 with Retry-After; another session is not affected")
    func rateLimit() async throws {
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 5 }) { harness in
            let a = try await harness.newSession()
            let b = try await harness.newSession()
            for _ in 0..<5 { #expect(try await harness.get("/v1/products", token: a.token).status == .ok) }
            let limited = try await harness.get("/v1/products", token: a.token)
            #expect(limited.status == .tooManyRequests)
            let retry = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect((1...60).contains(retry))
            #expect(try ServiceHarness.object(limited)["code"] as? String == "rate-limited")
            #expect(try await harness.get("/v1/products", token: b.token).status == .ok)
        }
    }

    @Test("anonymous requests are limited per client address")
    func rateLimitByAddress() async throws {
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 3 }) { harness in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 { statuses.append(try await harness.get("/openapi.yaml", token: nil).status) }
            #expect(statuses == [.ok, .ok, .ok, .tooManyRequests])
        }
    }

    @Test("no API key, session token or URL signature ever appears in a log line")
    func noSecretsInLogs() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            _ = try await harness.get(url, token: nil)
            _ = try await harness.get("/v1/sources/library/items/nope", token: session.token)
            _ = try await harness.get("/v1/sources", token: "wrong-token-abcdef")
            let signature = String(url.split(separator: "/")[2])
            let logs = harness.logs.text
            #expect(!logs.isEmpty)
            for secret in [ServiceHarness.apiKey, session.token, signature, "wrong-token-abcdef"] {
                #expect(!logs.contains(secret))
            }
        }
    }

    @Test("a source that hangs answers connection after the timeout while the others keep answering")
    func slowSource() async throws {
        try await ServiceHarness.run(
            configure: { $0.limits.sourceTimeoutSeconds = 6 },  // every listing must finish within it, the hanging one never does
            sources: { root in
                let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
                let good = try ServiceSource.folder(folder, id: "library")
                let hanging = ServiceSource(
                    id: "hanging", source: folder, requiresSignIn: false,
                    scope: { _ in try await Task.sleep(for: .seconds(60)); return .root },
                    item: { _ in try await Task.sleep(for: .seconds(60)); throw PhotoSourceError(.unknown, "unreachable") },
                    originalFile: nil)
                return [good, hanging]
            }
        ) { harness in
            let session = try await harness.newSession()
            async let slow = harness.get("/v1/sources/hanging/items", token: session.token)
            for _ in 0..<5 {
                #expect(try await harness.get("/v1/sources/library/items?scope=Album", token: session.token).status == .ok)
            }
            let answer = try await slow
            #expect(answer.status == .badGateway)
            #expect(try ServiceHarness.object(answer)["code"] as? String == "connection")
        }
    }
}
