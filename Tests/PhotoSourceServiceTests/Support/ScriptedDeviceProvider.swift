import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A device-flow provider on 127.0.0.1 (ephemeral port) whose token endpoint answers from a
/// script, for what the demo cloud never says on its own (`slow_down` to a client that keeps the
/// interval, `expired_token` before the announced expiry, `invalid_client`). It hands out one
/// device code per start and counts the token requests.
final class ScriptedDeviceProvider: Sendable {
    /// The device code every start hands out.
    static let deviceCode = "dc_scripted_secret_0123456789"

    private let script: Mutex<[String]>
    private let interval: Int
    private let onTokenRequest: @Sendable () -> Void
    private let requests = Mutex(0)
    private let server = Mutex<LoopbackRouterServer?>(nil)

    /// `tokenAnswers`: the OAuth error code of each token request in turn (`authorization_pending`
    /// once the script runs out); `interval`: the seconds between polls it announces;
    /// `onTokenRequest` runs before each answer (a test advances its service clock there, to
    /// make a poll that takes longer than the interval without waiting for it).
    private init(tokenAnswers: [String], interval: Int, onTokenRequest: @escaping @Sendable () -> Void) {
        script = Mutex(tokenAnswers)
        self.interval = interval
        self.onTokenRequest = onTokenRequest
    }

    /// Starts a provider, runs `body`, and stops the provider whatever happens.
    static func run<T: Sendable>(
        tokenAnswers: [String], interval: Int = 0, onTokenRequest: @escaping @Sendable () -> Void = {},
        _ body: (ScriptedDeviceProvider) async throws -> T
    ) async throws -> T {
        let provider = ScriptedDeviceProvider(tokenAnswers: tokenAnswers, interval: interval, onTokenRequest: onTokenRequest)
        try await provider.start()
        do {
            let value = try await body(provider)
            await provider.stop()
            return value
        } catch {
            await provider.stop()
            throw error
        }
    }

    /// `http://127.0.0.1:PORT`.
    var url: URL { URL(string: "http://127.0.0.1:\(server.withLock { $0?.port ?? 0 })")! }

    /// Token requests so far.
    var tokenRequests: Int { requests.withLock { $0 } }

    private func start() async throws {
        let router = Router()
        router.post("/oauth/device") { _, _ in
            Self.json(
                #"{"device_code":"\#(Self.deviceCode)","user_code":"WXYZ-2345","verification_uri":"http://127.0.0.1/device","#
                    + #""expires_in":600,"interval":\#(self.interval)}"#, status: .ok)
        }
        router.post("/oauth/token") { _, _ in
            self.requests.withLock { $0 += 1 }
            self.onTokenRequest()
            let answer = self.script.withLock { $0.isEmpty ? "authorization_pending" : $0.removeFirst() }
            return Self.json(#"{"error":"\#(answer)"}"#, status: .badRequest)
        }
        let started = try await LoopbackRouterServer.start(router, name: "ScriptedDeviceProvider")
        server.withLock { $0 = started }
    }

    private func stop() async {
        await server.withLock { $0 }?.stop()
    }

    private static func json(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
