import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// The address policy applied to real transfers on loopback: every redirect hop is checked,
/// and a refused address receives no connection (its listener counts zero accepts).
@Suite("HTTPClient applies the address policy to every hop")
struct ConnectTimePolicyTests {
    let client = HTTPClient()

    private func options(_ server: RawSocketServer) throws -> HTTPOptions {
        try HTTPOptions.testing(trusting: [server.origin], retry: .none)
    }

    private func send(_ server: RawSocketServer, _ path: String = "/", options: HTTPOptions) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(url: URL(string: server.origin + path)!, options: options))
    }

    @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1:70/", "ftp://127.0.0.1/x"])
    func aRedirectToAnotherSchemeIsRefused(location: String) async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.answering("302 Found", headers: ["Location: \(location)"]))
        defer { server.stop() }
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: try options(server)) }
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("only http and https"))
    }

    @Test(arguments: ["127.0.0.2", "localhost", "[::ffff:127.0.0.2]"])
    func aRedirectToALoopbackOriginOutsideTheAllowListGetsNoConnection(host: String) async throws {
        let victim = try RawSocketServer(host: "127.0.0.2", behavior: RawSocketServer.answering(body: "secret"))
        defer { victim.stop() }
        let server = try RawSocketServer(behavior: RawSocketServer.answering(
            "302 Found", headers: ["Location: http://\(host):\(victim.port)/admin"]))
        defer { server.stop() }
        let error = try await #require(throws: PhotoSourceError.self) { try await send(server, options: try options(server)) }
        #expect(error.code == .accessDenied)
        #expect(victim.acceptCount == 0)
    }

    @Test func aHostNameThatResolvesToLoopbackIsRefusedAtConnectTime() async throws {
        // The name is resolved like `curl --resolve`, so the check on the resolved address
        // (the socket callback) is what refuses it.
        let victim = try RawSocketServer(host: "127.0.0.2", behavior: RawSocketServer.answering(body: "secret"))
        defer { victim.stop() }
        let server = try RawSocketServer(behavior: RawSocketServer.answering(
            "307 Temporary Redirect", headers: ["Location: http://photos.test:\(victim.port)/admin"]))
        defer { server.stop() }
        var options = try options(server)
        options.resolveOverrides = ["photos.test:\(victim.port):127.0.0.2"]
        let viaRedirect = try await #require(throws: PhotoSourceError.self) { try await send(server, options: options) }
        #expect(viaRedirect.code == .accessDenied)
        #expect(viaRedirect.message.contains("127.0.0.2 is a loopback address"), "\(viaRedirect)")
        let direct = try await #require(throws: PhotoSourceError.self) {
            try await client.send(HTTPRequest(url: URL(string: "http://photos.test:\(victim.port)/")!, options: options))
        }
        #expect(direct.code == .accessDenied)
        #expect(victim.acceptCount == 0)
    }

    @Test func aReusedConnectionIsCheckedAgainForAnUntrustedPath() async throws {
        // Trusted: only /api on photos.test, which resolves to loopback. A request for another
        // path may not ride on the connection the trusted request opened: the pre-request
        // check refuses it on the reused connection, before anything is sent.
        let server = try RawSocketServer(behavior: RawSocketServer.answering(body: "ok"))
        defer { server.stop() }
        let origin = "http://photos.test:\(server.port)"
        var options = try HTTPOptions.testing(trusting: [origin + "/api"], retry: .none)
        options.resolveOverrides = ["photos.test:\(server.port):127.0.0.1"]
        let trusted = try await client.send(HTTPRequest(url: URL(string: origin + "/api/photos")!, options: options))
        #expect(String(decoding: trusted.body, as: UTF8.self) == "ok")
        let error = try await #require(throws: PhotoSourceError.self) {
            try await client.send(HTTPRequest(url: URL(string: origin + "/admin")!, options: options))
        }
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("127.0.0.1 is a loopback address"))
        #expect(server.acceptCount == 1)
    }
}
