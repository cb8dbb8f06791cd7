import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("HEAD and 405")
struct HTTPMethodTests {
    /// A response's fields but `Date`, which may tick between two requests.
    static func fields(_ response: TestResponse) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for field in response.headers where field.name != .date { fields[field.name.canonicalName, default: []].append(field.value) }
        return fields
    }

    /// GET and then HEAD of `uri`: HEAD has GET's status and headers (Content-Length included) and no body.
    static func expectHeadLikeGet(_ harness: ServiceHarness, _ uri: String, token: String? = nil) async throws {
        // When
        let get = try await harness.get(uri, token: token)
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let head = try await harness.client.execute(uri: uri, method: .head, headers: headers)
        // Then
        #expect(get.status == .ok, "\(uri)")
        #expect(head.status == get.status, "\(uri)")
        #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(uri)")
        #expect(fields(head) == fields(get), "\(uri)")
        #expect(head.body.readableBytes == 0, "\(uri)")
    }

    @Test("HEAD answers like GET without the body: health, a signed original, a signed thumbnail, a listing")
    func headLikeGet() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            try await Self.expectHeadLikeGet(harness, "/v1/health")
            try await Self.expectHeadLikeGet(harness, try await harness.originalURL(of: "Album/sunset.jpg", token: session.token))
            let thumbnail = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            _ = try await harness.get(thumbnail, token: nil)  // rendered once, so both answers come from the cache
            try await Self.expectHeadLikeGet(harness, thumbnail)
            try await Self.expectHeadLikeGet(harness, "/v1/sources/library/items?scope=Album", token: session.token)
        }
    }

    @Test("HEAD of a refused request has the refusal's status and headers, and no body")
    func headOfRefusal() async throws {
        try await ServiceHarness.run { harness in
            let head = try await harness.client.execute(uri: "/v1/sources", method: .head)
            #expect(head.status == .unauthorized)
            #expect(head.headers[.contentType] == "application/problem+json")
            #expect(head.body.readableBytes == 0)
        }
    }

    /// Method, path and the `Allow` expected.
    static let undeclared: [(HTTPRequest.Method, String, String)] = [
        (.post, "/v1/health", "GET, HEAD"),
        (.delete, "/v1/sources", "GET, HEAD"),
        (.get, "/v1/sessions", "POST"),
        (.head, "/v1/sessions", "POST"),
        (.put, "/v1/orders", "GET, HEAD, POST"),
        (.post, "/v1/orders/ord_1", "DELETE, GET, HEAD"),
        (.patch, "/v1/sources/library/sign-in", "DELETE, GET, HEAD, POST"),
        (.post, "/v1/sources/library/items/Album/sunset.jpg", "GET, HEAD"),
        (.delete, "/v1/originals/abc/def", "GET, HEAD"),
        (.options, "/v1/products", "GET, HEAD"),
    ]

    @Test("an undeclared method on a routed path is 405 with Allow, as a problem with the security headers")
    func methodNotAllowed() async throws {
        try await ServiceHarness.run { harness in
            for (method, uri, allow) in Self.undeclared {
                // When
                let response = try await harness.client.execute(
                    uri: uri, method: method, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
                // Then
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(uri)")
                if method != .head { #expect(try ServiceHarness.object(response)["status"] as? Int == 405, "\(method) \(uri)") }
            }
        }
    }

    @Test("an undeclared method with an image body on the hand-off return path is 405, not the JSON check's 415")
    func methodNotAllowedBeforeBodyCheck() async throws {
        try await ServiceHarness.run { harness in
            let cases: [(String, String, String)] = [("/v1/handoffs/abc/return", "image/jpeg", "POST")]
            for (uri, type, routed) in cases {
                // When: a PUT (no route) with the body the path's real method takes
                let response = try await harness.client.execute(
                    uri: uri, method: .put, headers: [.contentType: type], body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xE0]))
                // Then
                #expect(response.status == .methodNotAllowed, "PUT \(uri)")
                #expect(response.headers[.allow]?.contains(routed) == true, "PUT \(uri)")
            }
        }
    }

    @Test("a path no route has is 404 for every method")
    func unknownPath() async throws {
        try await ServiceHarness.run { harness in
            for method in [HTTPRequest.Method.get, .post, .delete] {
                let response = try await harness.client.execute(uri: "/v1/nothing-here", method: method)
                #expect(response.status == .notFound, "\(method)")
                #expect(response.headers[.allow] == nil)
            }
        }
    }
}
