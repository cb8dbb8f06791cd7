import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: device flow")
struct OAuthDeviceTests {
    private func start(_ cloud: RouterCloud) async throws -> DeviceAuthorizationResponse {
        let response = try await cloud.post("/oauth/device", form: [("client_id", DemoCloud.defaultClientID), ("scope", "photos.read")])
        #expect(response.status == .ok)
        return try RouterCloud.decode(DeviceAuthorizationResponse.self, response)
    }

    private func poll(_ cloud: RouterCloud, _ deviceCode: String) async throws -> TestResponse {
        try await cloud.post("/oauth/token", form: [
            ("grant_type", OAuthEndpoints.deviceCodeGrant), ("device_code", deviceCode), ("client_id", DemoCloud.defaultClientID),
        ])
    }

    @Test("device authorization: pending, slow_down, approval, tokens, then the code is spent")
    func approvedFlow() async throws {
        try await RouterCloud.run { cloud in
            let device = try await start(cloud)
            #expect(device.interval == 5)
            #expect(device.expiresIn == 600)
            #expect(device.verificationUri.hasSuffix("/oauth/device/approve"))
            #expect(device.userCode.count == 9)
            #expect(device.verificationUriComplete.contains("user_code="))

            let firstAsked = ContinuousClock.now
            #expect(RouterCloud.errorCode(try await poll(cloud, device.deviceCode)) == "authorization_pending")
            let second = RouterCloud.errorCode(try await poll(cloud, device.deviceCode))
            // Both polls inside one interval, as the cloud measures it, must earn slow_down; on a
            // machine so loaded that they were not, the second is simply pending again.
            if ContinuousClock.now - firstAsked < .seconds(device.interval) {
                #expect(second == "slow_down")
            } else {
                #expect(second == "slow_down" || second == "authorization_pending")
            }

            let lowercase = device.userCode.lowercased().replacingOccurrences(of: "-", with: "")
            let approval = try await cloud.get("/oauth/device/approve?user_code=\(lowercase)")
            #expect(approval.status == .ok)
            #expect(String(buffer: approval.body).contains("Device connected"))

            let granted = try await poll(cloud, device.deviceCode)
            #expect(granted.status == .ok)
            let tokens = try RouterCloud.decode(TokenResponse.self, granted)
            #expect(try await cloud.get("/v1/albums", token: tokens.accessToken).status == .ok)
            #expect(RouterCloud.errorCode(try await poll(cloud, device.deviceCode)) == "invalid_grant")
            #expect(cloud.state.controls.statistics.withLock { $0.deviceCodeExchanges } == 1)
        }
    }

    @Test("without auto-approve the approval page asks first; denying gives access_denied")
    func deniedFlow() async throws {
        try await RouterCloud.run(RouterCloud.configuration(autoApprove: false)) { cloud in
            let device = try await start(cloud)
            let page = try await cloud.get("/oauth/device/approve?user_code=\(device.userCode)")
            #expect(String(buffer: page.body).contains("value=\"approve\">Approve</button>"))
            #expect(RouterCloud.errorCode(try await poll(cloud, device.deviceCode)) == "authorization_pending")

            let denied = try await cloud.post("/oauth/device/approve", form: [("user_code", device.userCode), ("decision", "deny")])
            #expect(String(buffer: denied.body).contains("Device refused"))
            #expect(RouterCloud.errorCode(try await poll(cloud, device.deviceCode)) == "access_denied")
        }
    }

    @Test("an expired device code gives expired_token")
    func expired() async throws {
        var configuration = RouterCloud.configuration()
        configuration.deviceCodeLifetime = .zero
        try await RouterCloud.run(configuration) { cloud in
            let device = try await start(cloud)
            #expect(RouterCloud.errorCode(try await poll(cloud, device.deviceCode)) == "expired_token")
        }
    }

    @Test("an unknown user code shows an error page; no code shows the entry form")
    func unknownUserCode() async throws {
        try await RouterCloud.run { cloud in
            let unknown = try await cloud.get("/oauth/device/approve?user_code=BBBB-CCCC")
            #expect(unknown.status == .badRequest)
            let form = try await cloud.get("/oauth/device/approve")
            #expect(String(buffer: form.body).contains("name=\"user_code\""))
        }
    }
}
