import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Synchronization
import Testing

@Suite("Hand-offs: one-time tokens through the real router")
struct HandoffTokenTests {
    @Test("a send answers the launch URL filled with one-time image and return URLs that expire after the TTL")
    func launchURL() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            let imageURL = try #require(sent["imageURL"] as? String)
            let returnURL = try #require(sent["returnURL"] as? String)
            let launchURL = try #require(sent["launchURL"] as? String)
            let launch = try #require(URLComponents(string: launchURL))
            #expect(launch.host == "127.0.0.1" && launch.port == 9 && launch.path == "/edit")
            #expect(launch.queryItems?.first { $0.name == "image" }?.value == imageURL)
            #expect(launch.queryItems?.first { $0.name == "return" }?.value == returnURL)
            #expect(imageURL.hasPrefix("http://127.0.0.1:") && imageURL.hasSuffix("/image"))
            #expect((sent["id"] as? String)?.hasPrefix("hof_") == true)
            #expect(sent["handler"] as? String == "test.editor" && sent["action"] as? String == "edit")
            let expires = try #require((sent["expiresAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            #expect(abs(expires.timeIntervalSinceNow - 900) < 120)
            // 128-bit tokens: 22 base64url characters.
            let imageToken = try ServiceHarness.path(imageURL).split(separator: "/")[2]
            #expect(imageToken.count == 22)
        }
    }

    @Test("a handler that cannot send back gets no return URL")
    func noReturnURL() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", handler: "test.viewer", action: "view", token: token)
            #expect(sent["returnURL"] == nil)
            #expect((sent["launchURL"] as? String)?.hasPrefix("https://viewer.example/open#http://127.0.0.1:") == true)
        }
    }

    @Test("the image URL works once: the second GET is 410 handoff-used; HEAD does not spend it")
    func usedTwice() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            let head = try await harness.client.execute(uri: try ServiceHarness.path(sent["imageURL"]), method: .head)
            #expect(head.status == .ok)
            let first = try await harness.fetch(sent["imageURL"])
            #expect(first.status == .ok)
            #expect(first.headers[.cacheControl] == "no-store")
            let second = try await harness.fetch(sent["imageURL"])
            #expect(second.status == .gone)
            #expect(try ServiceHarness.code(second) == "handoff-used")
            #expect(second.headers[.contentType] == "application/problem+json")
        }
    }

    @Test("two concurrent GETs of one image URL: one 200, one 410")
    func concurrentGets() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let imageURL = try #require(try await harness.send("Album/field.png", token: token)["imageURL"] as? String)
            async let a = harness.fetch(imageURL)
            async let b = harness.fetch(imageURL)
            let statuses = try await [a.status, b.status].map(\.code).sorted()
            #expect(statuses == [200, 410])
        }
    }

    @Test("past the TTL (a moved clock) both URLs are 410 handoff-expired")
    func expired() async throws {
        let offset = Mutex<TimeInterval>(0)
        try await ServiceHarness.withHandoffs(clock: { Date().addingTimeInterval(offset.withLock { $0 }) }) { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            offset.withLock { $0 = 901 }
            let image = try await harness.fetch(sent["imageURL"])
            #expect(image.status == .gone)
            #expect(try ServiceHarness.code(image) == "handoff-expired")
            let back = try await harness.sendBack(sent["returnURL"], try ServiceHarness.photo())
            #expect(back.status == .gone)
            #expect(try ServiceHarness.code(back) == "handoff-expired")
        }
    }

    @Test("unknown, guessed and malformed tokens are 404, for the image and the return")
    func unknownTokens() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let guessed = SecretHash.randomToken(byteCount: 16)
            for path in ["/v1/handoffs/\(guessed)/image", "/v1/handoffs/short/image", "/v1/handoffs/\(String(repeating: "~", count: 22))/image"] {
                let response = try await harness.client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
            }
            let back = try await harness.sendBack("http://x/v1/handoffs/\(guessed)/return", try ServiceHarness.photo())
            #expect(back.status == .notFound)
        }
    }

    @Test("tokens are never stored in clear: the table holds their SHA-256 only")
    func hashedInStore() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            let imageToken = String(try ServiceHarness.path(sent["imageURL"]).split(separator: "/")[2])
            let returnToken = String(try ServiceHarness.path(sent["returnURL"]).split(separator: "/")[2])
            let rows = try await harness.withStoreFile { try await $0.database.shared.query("SELECT * FROM handoffs") }
            #expect(rows.count == 1)
            let values = rows.flatMap { $0.values.values }.map { "\($0)" }.joined(separator: " ")
            #expect(!values.contains(imageToken) && !values.contains(returnToken))
            #expect(rows.first?.string("image_token_hash") == ServiceHarness.sha256Hex(imageToken))
            #expect(rows.first?.string("return_token_hash") == ServiceHarness.sha256Hex(returnToken))
        }
    }

    @Test("CORS: the launch origin and allowed origins may read the image and preflight the return; others get no grant")
    func cors() async throws {
        try await ServiceHarness.withHandoffs(configure: { $0.handoffs.allowedOrigins = ["https://editor.example"] }) { harness in
            let (token, _) = try await harness.newSession()
            let sent = try await harness.send("portrait.jpg", token: token)
            let preflight = try await harness.client.execute(
                uri: try ServiceHarness.path(sent["returnURL"]), method: .options,
                headers: [.origin: ServiceHarness.editorOrigin, .accessControlRequestMethod: "POST", .accessControlRequestHeaders: "content-type"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == ServiceHarness.editorOrigin)
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("POST") == true)
            let stranger = try await harness.client.execute(
                uri: try ServiceHarness.path(sent["returnURL"]), method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "POST"])
            #expect(stranger.status == .forbidden)
            let image = try await harness.fetch(sent["imageURL"], headers: [.origin: "https://editor.example"])
            #expect(image.status == .ok)
            #expect(image.headers[.accessControlAllowOrigin] == "https://editor.example")
            let other = try await harness.send("portrait.jpg", token: token)
            let refused = try await harness.fetch(other["imageURL"], headers: [.origin: "https://evil.example"])
            #expect(refused.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test("send refusals: no session 401, unknown handler 400 $.handler, missing action 400 $.action, unknown item 404")
    func sendRefusals() async throws {
        try await ServiceHarness.withHandoffs { harness in
            let (token, _) = try await harness.newSession()
            let noSession = try await harness.client.execute(uri: "/v1/handoffs", method: .post, headers: [.contentType: "application/json"], body: .init(string: "{}"))
            #expect(noSession.status == .unauthorized)
            for (body, path) in [
                (#"{"source": "library", "itemId": "portrait.jpg", "handler": "nobody", "action": "edit"}"#, "$.handler"),
                (#"{"source": "library", "itemId": "portrait.jpg", "handler": "test.editor", "action": "print"}"#, "$.action"),
                (#"{"source": "library", "itemId": "portrait.jpg", "handler": "test.editor"}"#, "$.action"),
                (#"{"source": "library", "itemId": "portrait.jpg", "custom": "nothing"}"#, "$.custom"),
            ] {
                let response = try await harness.postHandoff(body, token: token)
                #expect(response.status == .badRequest, "\(body)")
                let errors = try ServiceHarness.object(response)["errors"] as? [[String: Any]]
                #expect(errors?.first?["path"] as? String == path, "\(body)")
            }
            let missing = try await harness.postHandoff(#"{"source": "library", "itemId": "nope.jpg", "handler": "test.editor", "action": "edit"}"#, token: token)
            #expect(missing.status == .notFound)
            let noSource = try await harness.postHandoff(#"{"source": "nope", "itemId": "a.jpg", "handler": "test.editor", "action": "edit"}"#, token: token)
            #expect(noSource.status == .notFound)
        }
    }
}
