import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

private typealias Request = PhotoNetworking.HTTPRequest

/// Round trips and redirects against a real server on 127.0.0.1.
@Suite("HTTPClient against a loopback server")
struct HTTPClientTests {
    let client = HTTPClient()

    @Test func getRoundTrip() async throws {
        let router = Router()
        router.get("hello") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: "hello")))
        }
        try await LoopbackHTTPServer.with(router) { server in
            // When
            let response = try await client.send(Request(url: server.url("/hello"), options: .testing(trusting: [server.origin])))
            // Then
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "hello")
            #expect(response.header("CACHE-CONTROL") == "no-store")
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.url == server.url("/hello"))
        }
    }

    @Test func postRoundTripSendsMethodBodyAndHeaders() async throws {
        let router = Router()
        router.post("echo") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            let type = request.headers[.contentType] ?? "none"
            return "\(request.method) \(type) \(String(buffer: body))"
        }
        router.put("echo") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            return "\(request.method) \(String(buffer: body))"
        }
        router.delete("echo") { request, _ in "\(request.method)" }
        try await LoopbackHTTPServer.with(router) { server in
            let options = try HTTPOptions.testing(trusting: [server.origin])
            let big = String(repeating: "x", count: 200_000)
            let post = try await client.send(Request(
                url: server.url("/echo"), method: "POST", headers: ["Content-Type": "text/plain"], body: Data(big.utf8), options: options))
            #expect(String(decoding: post.body, as: UTF8.self) == "POST text/plain \(big)")
            let put = try await client.send(Request(url: server.url("/echo"), method: "PUT", body: Data("p".utf8), options: options))
            #expect(String(decoding: put.body, as: UTF8.self) == "PUT p")
            let delete = try await client.send(Request(url: server.url("/echo"), method: "DELETE", options: options))
            #expect(String(decoding: delete.body, as: UTF8.self) == "DELETE")
        }
    }

    @Test func acceptEncodingIsOnlySentWhenAsked() async throws {
        let router = Router()
        router.get("enc") { request, _ in request.headers[.acceptEncoding] ?? "none" }
        try await LoopbackHTTPServer.with(router) { server in
            var options = try HTTPOptions.testing(trusting: [server.origin])
            let plain = try await client.send(Request(url: server.url("/enc"), options: options))
            #expect(String(decoding: plain.body, as: UTF8.self) == "none")
            options.acceptEncoding = true
            let asked = try await client.send(Request(url: server.url("/enc"), options: options))
            #expect(String(decoding: asked.body, as: UTF8.self).contains("gzip"))
        }
    }

    @Test func redirectsWithinTheAllowListAreFollowed() async throws {
        let router = Router()
        router.get("start") { _, _ in Response(status: .found, headers: [.location: "/middle"]) }
        router.get("middle") { _, _ in Response(status: .movedPermanently, headers: [.location: "end?x=1"]) }
        router.get("end") { _, _ in "arrived" }
        router.post("form") { _, _ in Response(status: .seeOther, headers: [.location: "/after"]) }
        router.get("after") { request, _ in "\(request.method)" }
        try await LoopbackHTTPServer.with(router) { server in
            let options = try HTTPOptions.testing(trusting: [server.origin])
            let response = try await client.send(Request(url: server.url("/start"), options: options))
            #expect(String(decoding: response.body, as: UTF8.self) == "arrived")
            #expect(response.url == server.url("/end?x=1"))
            let afterPost = try await client.send(Request(url: server.url("/form"), method: "POST", body: Data("a=1".utf8), options: options))
            #expect(String(decoding: afterPost.body, as: UTF8.self) == "GET")
        }
    }

    @Test func aRedirectToAnotherOriginDropsTheAuthorizationHeader() async throws {
        let target = Router()
        target.get("who") { request, _ in request.headers[.authorization] ?? "anonymous" }
        try await LoopbackHTTPServer.with(target) { second in
            let first = Router()
            first.get("go") { _, _ in Response(status: .temporaryRedirect, headers: [.location: second.url("/who").absoluteString]) }
            first.get("who") { request, _ in request.headers[.authorization] ?? "anonymous" }
            try await LoopbackHTTPServer.with(first) { server in
                let options = try HTTPOptions.testing(trusting: [server.origin, second.origin])
                let headers = ["Authorization": "Bearer secret-token"]
                let sameOrigin = try await client.send(Request(url: server.url("/who"), headers: headers, options: options))
                #expect(String(decoding: sameOrigin.body, as: UTF8.self) == "Bearer secret-token")
                let redirected = try await client.send(Request(url: server.url("/go"), headers: headers, options: options))
                #expect(String(decoding: redirected.body, as: UTF8.self) == "anonymous")
            }
        }
    }

    @Test func manyConcurrentRequestsEachGetTheirOwnResponse() async throws {
        let router = Router()
        router.get("n/:value") { _, context in context.parameters.get("value") ?? "" }
        router.head("n/:value") { _, _ in Response(status: .ok, headers: [.contentLength: "123"]) }
        try await LoopbackHTTPServer.with(router) { server in
            let options = try HTTPOptions.testing(trusting: [server.origin])
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for value in 0..<64 {
                    group.addTask {
                        let response = try await client.send(Request(url: server.url("/n/\(value)"), options: options))
                        return (value, String(decoding: response.body, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(answers.count == 64)
            #expect(answers.allSatisfy { String($0.key) == $0.value })
            let head = try await client.send(Request(url: server.url("/n/1"), method: "HEAD", options: options))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("content-length") == "123")
        }
    }
}
