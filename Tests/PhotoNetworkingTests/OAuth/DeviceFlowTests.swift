import Foundation
import PhotoSourceKit
import Synchronization
import Testing
@testable import PhotoNetworking

@Suite("Device authorization flow")
struct DeviceFlowTests {
    /// Records the waits between polls instead of sleeping.
    final class SleepRecorder: Sendable {
        private let waits = Mutex<[Duration]>([])
        var recorded: [Duration] { waits.withLock { $0 } }
        func sleep(_ duration: Duration) async throws { waits.withLock { $0.append(duration) } }
    }

    private func run(
        _ steps: [TestTokenServer.DeviceStep], in server: TestTokenServer, recorder: SleepRecorder
    ) async throws -> Credentials {
        let flow = try OAuthDeviceFlow(configuration: server.configuration(), sleep: recorder.sleep)
        let challenge = try await flow.begin()
        guard case .deviceCode(let userCode, let verificationURL, let expiresAt, let interval) = challenge else {
            throw PhotoSourceError(.invalidData, "expected a device-code challenge")
        }
        #expect(verificationURL.absoluteString == "http://127.0.0.1/verify")
        #expect(expiresAt > Date())
        #expect(interval == .seconds(1))
        server.script(userCode: userCode, steps)
        return try await flow.complete(challenge, callback: nil)
    }

    @Test("authorization_pending keeps polling at the interval until approved")
    func pendingThenApproved() async throws {
        try await TestTokenServer.with { server in
            let recorder = SleepRecorder()
            let credentials = try await run([.pending, .pending, .approve], in: server, recorder: recorder)
            #expect(credentials.accessToken.hasPrefix("access-"))
            #expect(server.tokenRequests == 3)
            #expect(recorder.recorded == [.seconds(1), .seconds(1), .seconds(1)])
            let form = try #require(server.ledger.withLock { $0.forms.last })
            #expect(form["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code")
        }
    }

    @Test("slow_down adds 5 s to every later wait")
    func slowDown() async throws {
        try await TestTokenServer.with { server in
            let recorder = SleepRecorder()
            _ = try await run([.slowDown, .pending, .slowDown, .approve], in: server, recorder: recorder)
            #expect(recorder.recorded == [.seconds(1), .seconds(6), .seconds(6), .seconds(11)])
        }
    }

    @Test("expired_token and access_denied end the polling with the right error", arguments: [
        (TestTokenServer.DeviceStep.expire, PhotoSourceError.Code.authentication),
        (.deny, .invalidCredentials),
    ])
    func refusal(_ step: TestTokenServer.DeviceStep, _ expected: PhotoSourceError.Code) async throws {
        try await TestTokenServer.with { server in
            let recorder = SleepRecorder()
            let error = await #expect(throws: PhotoSourceError.self) {
                try await run([.pending, step, .approve], in: server, recorder: recorder)
            }
            #expect(error?.code == expected)
            #expect(server.tokenRequests == 2)
        }
    }

    @Test("polling stops at the code's expiry time without asking again")
    func localExpiry() async throws {
        try await TestTokenServer.with { server in
            let flow = try OAuthDeviceFlow(configuration: server.configuration(), sleep: { _ in })
            guard case .deviceCode(let userCode, let url, _, let interval) = try await flow.begin() else {
                Issue.record("expected a device-code challenge")
                return
            }
            let expired = AuthChallenge.deviceCode(
                userCode: userCode, verificationURL: url, expiresAt: Date().addingTimeInterval(-1), pollInterval: interval)
            let error = await #expect(throws: PhotoSourceError.self) { try await flow.complete(expired, callback: nil) }
            #expect(error?.code == .authentication)
            #expect(error?.message.contains("expired") == true)
            #expect(server.tokenRequests == 0)
        }
    }

    @Test("an unknown device code is refused before any request")
    func unknownUserCode() async throws {
        try await TestTokenServer.with { server in
            let flow = try OAuthDeviceFlow(configuration: server.configuration(), sleep: { _ in })
            let challenge = AuthChallenge.deviceCode(
                userCode: "NONE", verificationURL: URL(string: "http://127.0.0.1/verify")!,
                expiresAt: Date().addingTimeInterval(600), pollInterval: .seconds(1))
            let error = await #expect(throws: PhotoSourceError.self) { try await flow.complete(challenge, callback: nil) }
            #expect(error?.code == .authentication)
            #expect(server.tokenRequests == 0)
        }
    }
}
