import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceService
import SampleSources
import Synchronization
import Testing

@Suite("Device-flow sign-in against the demo cloud")
struct DeviceSignInTests {
    /// Runs the service with the library and a demo cloud (asking before it approves) as
    /// `cloud`, a device-flow source; the service on `clock` (the wall clock unless given).
    static func withCloud(
        interval: Int = 0, codeLifetime: Duration = .seconds(600), clock: @escaping @Sendable () -> Date = { Date() },
        _ body: @Sendable (ServiceHarness, DemoCloud) async throws -> Void
    ) async throws {
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: .init(
            autoApprove: false, deviceCodeLifetime: codeLifetime, devicePollInterval: interval, logsLifecycle: false))
        do {
            try await DeviceCustomer.run(provider: url, clock: clock) { harness in try await body(harness, cloud) }
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    /// Token endpoint requests the cloud has seen.
    static func tokenRequests(_ cloud: DemoCloud) -> Int { cloud.statistics.requests[.token] ?? 0 }

    @Test("the full round trip: start → pending → approved on the cloud → signedIn → the cloud's albums listed")
    func roundTrip() async throws {
        try await Self.withCloud { harness, cloud in
            let customer = try await DeviceCustomer(harness)
            #expect(try await customer.status()["status"] as? String == "signedOut")
            // When
            let started = try await customer.start()
            // Then: what the browser shows, and nothing more.
            #expect(Set(started.keys) == ["verificationURI", "verificationURIComplete", "userCode", "interval", "expiresAt"])
            #expect((started["verificationURI"] as? String)?.hasSuffix("/oauth/device/approve") == true)
            #expect((started["verificationURIComplete"] as? String)?.contains("user_code=") == true)
            #expect(started["interval"] as? Int == 0)
            let expiresText = try #require(started["expiresAt"] as? String)
            let expiresAt = try #require(ISO8601DateFormatter().date(from: expiresText))
            #expect(expiresAt.timeIntervalSinceNow > 500)
            let deviceCode = try await customer.storedDeviceCode()
            #expect(deviceCode.hasPrefix("dc"))

            let pending = try await customer.status()
            #expect(pending["status"] as? String == "pending")
            #expect(pending["interval"] as? Int == 0)
            #expect(try await customer.isSignedInPerSourceList() == false)

            try await DeviceCustomer.decide(started, approve: true)
            #expect(try await customer.status()["status"] as? String == "signedIn")
            #expect(cloud.statistics.deviceCodeExchanges == 1)
            #expect(try await customer.isSignedInPerSourceList() == true)
            let albums = try await customer.get("/v1/sources/cloud/items")
            #expect(albums.status == .ok)
            #expect(((try ServiceHarness.object(albums)["items"] as? [[String: Any]])?.count ?? 0) > 0)
            // The grant is gone: asking again reads the sign-in, not the provider.
            let polls = Self.tokenRequests(cloud)
            #expect(try await customer.status()["status"] as? String == "signedIn")
            #expect(Self.tokenRequests(cloud) == polls)
            #expect(try await customer.storedGrant() == nil)
            // The device code never reached the browser or the logs.
            #expect(!customer.transcript.contains(deviceCode))
            #expect(!harness.logs.text.contains(deviceCode))
        }
    }

    @Test("polling faster than the interval does not reach the token endpoint again")
    func pollingRespectsInterval() async throws {
        // The service's clock moves only when the test moves it: "within the interval" cannot
        // turn into "after it" on a loaded machine.
        let now = Mutex(Date())
        try await Self.withCloud(interval: 3, clock: { now.withLock { $0 } }) { harness, cloud in
            let customer = try await DeviceCustomer(harness)
            let started = try await customer.start()
            #expect(started["interval"] as? Int == 3)
            // Right after the start: not due yet, so nobody asks the cloud.
            for _ in 0..<3 { #expect(try await customer.status()["status"] as? String == "pending") }
            #expect(Self.tokenRequests(cloud) == 0)
            now.withLock { $0 += 3.2 }
            // Due: one poll; the calls after it within the interval wait.
            #expect(try await customer.status()["status"] as? String == "pending")
            #expect(Self.tokenRequests(cloud) == 1)
            for _ in 0..<3 {
                let status = try await customer.status()
                #expect(status["status"] as? String == "pending")
                #expect(status["interval"] as? Int == 3)
            }
            #expect(Self.tokenRequests(cloud) == 1)
        }
    }

    @Test("a denied sign-in answers denied, stays so without asking again, and signs nobody in")
    func denied() async throws {
        try await Self.withCloud { harness, cloud in
            let customer = try await DeviceCustomer(harness)
            let started = try await customer.start()
            try await DeviceCustomer.decide(started, approve: false)
            #expect(try await customer.status()["status"] as? String == "denied")
            #expect(try await customer.status()["status"] as? String == "denied")
            #expect(Self.tokenRequests(cloud) == 1)
            #expect(try await customer.isSignedInPerSourceList() == false)
            #expect(try await customer.get("/v1/sources/cloud/items").status == .unauthorized)
            // Starting again replaces the denied one.
            _ = try await customer.start()
            #expect(try await customer.status()["status"] as? String == "pending")
        }
    }

    @Test("an expired code answers expired without asking the provider, and is purged with the other expired rows")
    func expired() async throws {
        try await Self.withCloud(codeLifetime: .seconds(1)) { harness, cloud in
            let customer = try await DeviceCustomer(harness)
            _ = try await customer.start()
            let startedAt = ContinuousClock.now  // the code's expiry counts from before the provider answered
            try await Task.sleep(until: startedAt.advanced(by: .milliseconds(1_200)))
            #expect(try await customer.status()["status"] as? String == "expired")
            #expect(Self.tokenRequests(cloud) == 0)
            #expect(try await customer.storedGrant() != nil)
            try await customer.withStore { store in _ = try await store.purgeExpired(now: Date()) }
            #expect(try await customer.storedGrant() == nil)
            #expect(try await customer.status()["status"] as? String == "signedOut")
        }
    }

    @Test("session B neither sees nor polls nor completes session A's device sign-in")
    func crossSessionIsolation() async throws {
        try await Self.withCloud { harness, cloud in
            let a = try await DeviceCustomer(harness)
            let b = try await DeviceCustomer(harness)
            let started = try await a.start()
            #expect(try await b.status()["status"] as? String == "signedOut")
            #expect(Self.tokenRequests(cloud) == 0)
            try await DeviceCustomer.decide(started, approve: true)
            #expect(try await b.status()["status"] as? String == "signedOut")
            #expect(try await b.get("/v1/sources/cloud/items").status == .unauthorized)
            #expect(try await a.status()["status"] as? String == "signedIn")
            #expect(try await b.isSignedInPerSourceList() == false)
            #expect(try await a.isSignedInPerSourceList() == true)
            // B signing out touches nothing of A's.
            #expect(try await b.delete().status == .noContent)
            #expect(try await a.get("/v1/sources/cloud/items").status == .ok)
        }
    }

    @Test("signing out while a device sign-in is pending forgets it")
    func signOutCancelsPending() async throws {
        try await Self.withCloud { harness, _ in
            let customer = try await DeviceCustomer(harness)
            let started = try await customer.start()
            #expect(try await customer.delete().status == .noContent)
            #expect(try await customer.storedGrant() == nil)
            try await DeviceCustomer.decide(started, approve: true)
            #expect(try await customer.status()["status"] as? String == "signedOut")
        }
    }

    @Test("GET …/sign-in on other sources: signedIn for shared ones, signedOut/signedIn for code-flow ones")
    func statusOfOtherSources() async throws {
        try await SignInTests.withCloud { harness, _ in
            let session = try await harness.newSession()
            let library = try await harness.get("/v1/sources/library/sign-in", token: session.token)
            #expect(try ServiceHarness.object(library)["status"] as? String == "signedIn")
            let before = try await harness.get("/v1/sources/cloud/sign-in", token: session.token)
            #expect(try ServiceHarness.object(before)["status"] as? String == "signedOut")
            let callback = try await SignInTests().signIn(harness, token: session.token)
            #expect(try await harness.get(callback, token: nil).status == .ok)
            let after = try await harness.get("/v1/sources/cloud/sign-in", token: session.token)
            #expect(try ServiceHarness.object(after)["status"] as? String == "signedIn")
            #expect(try await harness.get("/v1/sources/nope/sign-in", token: session.token).status == .notFound)
            #expect(try await harness.get("/v1/sources/cloud/sign-in", token: nil).status == .unauthorized)
        }
    }
}

/// The contract test's store, which never holds a device grant either.
extension NoStore {
    func saveDeviceGrant(_ grant: DeviceGrant) async throws {}
    func deviceGrant(session: String, source: String) async throws -> DeviceGrant? { nil }
    func claimDeviceGrantPoll(session: String, source: String, now: Date) async throws -> DeviceGrant? { nil }
    func updateDeviceGrant(_ grant: DeviceGrant) async throws {}
    func deleteDeviceGrant(_ grant: DeviceGrant) async throws {}
}
