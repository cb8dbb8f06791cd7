import Foundation
import PhotoSourceKit
import Synchronization
@testable import PhotoNetworking

/// A small OAuth 2 provider on 127.0.0.1 (ephemeral port) for the flow tests: an auto-approving
/// authorize endpoint, a token endpoint (authorization code with S256 PKCE, rotating refresh
/// tokens, scripted device-code answers) and a device authorization endpoint. It records every
/// token request so tests can count them.
struct TestTokenServer: Sendable {
    /// What the token endpoint answers to one device-code poll.
    enum DeviceStep: Sendable { case pending, slowDown, approve, deny, expire }

    /// Everything the server knows and saw, behind a lock the endpoints share.
    final class Ledger: Sendable {
        private let state = Mutex(Entries())

        func withLock<T: Sendable>(_ body: (inout Entries) -> T) -> T {
            state.withLock { body(&$0) }
        }
    }

    /// The ledger's content.
    struct Entries: Sendable {
        var codes: [String: (challenge: String, redirectURI: String)] = [:]
        var refreshTokens: Set<String> = []
        var deviceScripts: [String: [DeviceStep]] = [:]
        /// Device codes by user code.
        var deviceCodes: [String: String] = [:]
        var tokenRequests = 0
        var refreshRequests = 0
        var issued = 0
        /// How long the token endpoint takes to answer a refresh (to make refreshes overlap).
        var refreshDelay: Duration = .zero
        /// Each token request's form, in arrival order.
        var forms: [[String: String]] = []
    }

    static let clientID = "photosource-tests"
    /// `http://127.0.0.1:port`.
    let baseURL: URL
    /// What the server knows and saw.
    let ledger: Ledger

    /// Runs `body` with a server started on 127.0.0.1 (ephemeral port) and stops it afterwards.
    static func with<T: Sendable>(_ body: (TestTokenServer) async throws -> T) async throws -> T {
        let ledger = Ledger()
        return try await LoopbackHTTPServer.with(TestTokenEndpoints.router(ledger: ledger)) { http in
            try await body(TestTokenServer(baseURL: http.baseURL, ledger: ledger))
        }
    }

    /// A configuration for this server that trusts its loopback origin.
    func configuration(callbackTimeout: Duration = .seconds(30)) throws -> OAuthConfiguration {
        try OAuthConfiguration(
            authorizationEndpoint: baseURL.appendingPathComponent("authorize"),
            tokenEndpoint: baseURL.appendingPathComponent("token"),
            deviceAuthorizationEndpoint: baseURL.appendingPathComponent("device"),
            clientID: Self.clientID, scopes: ["photos.read", "profile"],
            addressPolicy: .trusting(origins: [baseURL.absoluteString]), callbackTimeout: callbackTimeout)
    }

    /// Makes `token` a refresh token the server accepts (as if issued earlier).
    func acceptRefreshToken(_ token: String) {
        ledger.withLock { _ = $0.refreshTokens.insert(token) }
    }

    /// Sets what the token endpoint answers to the polls for `userCode`, in order (then `access_denied`).
    func script(userCode: String, _ steps: [DeviceStep]) {
        ledger.withLock { entries in
            if let deviceCode = entries.deviceCodes[userCode] { entries.deviceScripts[deviceCode] = steps }
        }
    }

    /// How many requests reached the token endpoint.
    var tokenRequests: Int { ledger.withLock { $0.tokenRequests } }
    /// How many of them were refresh requests.
    var refreshRequests: Int { ledger.withLock { $0.refreshRequests } }
}
