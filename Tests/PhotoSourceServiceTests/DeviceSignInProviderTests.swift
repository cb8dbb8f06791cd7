import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceService
import Synchronization
import Testing

@Suite("Device-flow sign-in: the provider's answers")
struct DeviceSignInProviderTests {
    @Test("slow_down raises the interval by 5 s, kept in the store: the next call waits instead of polling")
    func slowDown() async throws {
        try await ScriptedDeviceProvider.run(tokenAnswers: ["slow_down"]) { provider in
            try await DeviceCustomer.run(provider: provider.url) { harness in
                let customer = try await DeviceCustomer(harness)
                #expect(try await customer.start()["interval"] as? Int == 0)
                let slowed = try await customer.status()
                #expect(slowed["status"] as? String == "pending")
                #expect(slowed["interval"] as? Int == 5)
                #expect(try await customer.status()["interval"] as? Int == 5)
                #expect(provider.tokenRequests == 1)
                #expect(try await customer.storedGrant()?.intervalSeconds == 5)
            }
        }
    }

    @Test("the interval counts from the provider's answer: a poll slower than the interval is not followed at once by another")
    func intervalCountsFromTheAnswer() async throws {
        // The service's clock stands still except while the provider answers, which takes 3.5 s
        // of it: longer than the 3 s interval. A service counting from the request would poll
        // again at once; counting from the answer, the next status comes 0 s after it.
        let now = Mutex(Date())
        try await ScriptedDeviceProvider.run(tokenAnswers: [], interval: 3, onTokenRequest: { now.withLock { $0 += 3.5 } }) { provider in
            try await DeviceCustomer.run(provider: provider.url, clock: { now.withLock { $0 } }) { harness in
                let customer = try await DeviceCustomer(harness)
                _ = try await customer.start()
                now.withLock { $0 += 3.1 }  // the first poll is due
                #expect(try await customer.status()["status"] as? String == "pending")  // took 3.5 s
                #expect(try await customer.status()["status"] as? String == "pending")
                #expect(provider.tokenRequests == 1)
                now.withLock { $0 += 3.1 }  // and the next one after the interval
                #expect(try await customer.status()["status"] as? String == "pending")
                #expect(provider.tokenRequests == 2)
            }
        }
    }

    @Test("the provider's final answers become the status, and it is not asked again", arguments: [
        ("access_denied", "denied"), ("expired_token", "expired"), ("invalid_grant", "expired"),
    ])
    func finalAnswers(answer: String, status: String) async throws {
        try await ScriptedDeviceProvider.run(tokenAnswers: [answer]) { provider in
            try await DeviceCustomer.run(provider: provider.url) { harness in
                let customer = try await DeviceCustomer(harness)
                _ = try await customer.start()
                #expect(try await customer.status()["status"] as? String == status)
                #expect(try await customer.status()["status"] as? String == status)
                #expect(provider.tokenRequests == 1)
            }
        }
    }

    @Test("a provider that refuses the client answers 502 and keeps the sign-in pending; the device code stays secret")
    func refusalAndSecrecy() async throws {
        try await ScriptedDeviceProvider.run(tokenAnswers: ["invalid_client", "slow_down"]) { provider in
            try await DeviceCustomer.run(provider: provider.url) { harness in
                let customer = try await DeviceCustomer(harness)
                _ = try await customer.start()
                let refused = try await customer.get("/v1/sources/cloud/sign-in")
                #expect(refused.status == .badGateway)
                #expect(try ServiceHarness.object(refused)["code"] as? String == "connection")
                #expect(try await customer.status()["status"] as? String == "pending")
                #expect(try await customer.status()["status"] as? String == "pending")
                #expect(provider.tokenRequests == 2)
                #expect(try await customer.storedDeviceCode() == ScriptedDeviceProvider.deviceCode)
                #expect(!customer.transcript.contains(ScriptedDeviceProvider.deviceCode))
                #expect(!customer.transcript.contains("device_code"))
                #expect(!harness.logs.text.contains(ScriptedDeviceProvider.deviceCode))
            }
        }
    }
}
