import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The store: device grants, on SQLite and on PostgreSQL")
struct DeviceGrantStoreTests {
    /// Whole seconds, so values survive the REAL column exactly.
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    static func grant(_ session: String = "a", code: UInt8 = 1, interval: Double = 5, expiresIn: TimeInterval = 600) -> DeviceGrant {
        DeviceGrant(
            session: session, source: "cloud", sealedDeviceCode: Data([code, code]), status: .pending, intervalSeconds: interval,
            lastPollAt: now, expiresAt: now.addingTimeInterval(expiresIn))
    }

    static func withSessions(_ engine: StoreEngine, _ body: (SQLServiceStore, @escaping StoreEngine.Opener) async throws -> Void) async throws {
        try await engine.withStore { store, open in
            for id in ["a", "b"] {
                try await store.createSession(ServiceStoreTests.session(id, expires: now.addingTimeInterval(3_600)))
            }
            try await body(store, open)
        }
    }

    @Test("a grant is per session and source, read back as saved, and replaced by a new start", arguments: StoreEngine.allCases)
    func saveAndReplace(_ engine: StoreEngine) async throws {
        try await Self.withSessions(engine) { store, _ in
            try await store.saveDeviceGrant(Self.grant())
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == Self.grant())
            #expect(try await store.deviceGrant(session: "b", source: "cloud") == nil)
            #expect(try await store.deviceGrant(session: "a", source: "other") == nil)
            try await store.saveDeviceGrant(Self.grant(code: 2, interval: 1))
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == Self.grant(code: 2, interval: 1))
        }
    }

    @Test("a poll is claimed once per interval, also across two stores on one database", arguments: StoreEngine.allCases)
    func claimOncePerInterval(_ engine: StoreEngine) async throws {
        try await Self.withSessions(engine) { store, open in
            try await store.saveDeviceGrant(Self.grant(interval: 5))
            #expect(try await store.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(4)) == nil)
            let claimed = try await store.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(5))
            #expect(claimed?.lastPollAt == Self.now.addingTimeInterval(5))
            let other = try await open()
            #expect(try await other.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(9)) == nil)
            #expect(try await other.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(10)) != nil)
            try await other.close()
            #expect(try await store.claimDeviceGrantPoll(session: "b", source: "cloud", now: Self.now.addingTimeInterval(60)) == nil)
        }
    }

    @Test("no poll is claimed for a grant that expired or was decided", arguments: StoreEngine.allCases)
    func noClaimWhenFinal(_ engine: StoreEngine) async throws {
        try await Self.withSessions(engine) { store, _ in
            try await store.saveDeviceGrant(Self.grant(interval: 0, expiresIn: 10))
            #expect(try await store.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(10)) == nil)
            var denied = Self.grant(interval: 0)
            try await store.saveDeviceGrant(denied)
            denied.status = .denied
            try await store.updateDeviceGrant(denied)
            #expect(try await store.deviceGrant(session: "a", source: "cloud")?.status == .denied)
            #expect(try await store.claimDeviceGrantPoll(session: "a", source: "cloud", now: Self.now.addingTimeInterval(1)) == nil)
        }
    }

    @Test("updating or deleting a grant leaves a newer one of the same session and source alone", arguments: StoreEngine.allCases)
    func updatesMatchTheGrant(_ engine: StoreEngine) async throws {
        try await Self.withSessions(engine) { store, _ in
            var old = Self.grant(code: 1)
            try await store.saveDeviceGrant(old)
            try await store.saveDeviceGrant(Self.grant(code: 2))  // the customer started again
            old.status = .denied
            old.intervalSeconds = 10
            try await store.updateDeviceGrant(old)
            try await store.deleteDeviceGrant(old)
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == Self.grant(code: 2))
            var current = Self.grant(code: 2)
            current.intervalSeconds = 10
            current.lastPollAt = Self.now.addingTimeInterval(3)
            try await store.updateDeviceGrant(current)
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == current)
            try await store.deleteDeviceGrant(current)
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == nil)
        }
    }

    @Test("expired grants are purged with the other expired rows; a grant goes with its session", arguments: StoreEngine.allCases)
    func purge(_ engine: StoreEngine) async throws {
        try await Self.withSessions(engine) { store, _ in
            try await store.saveDeviceGrant(Self.grant("a", expiresIn: 60))
            try await store.saveDeviceGrant(Self.grant("b", expiresIn: 7_200))  // outlives its session
            #expect(try await store.purgeExpired(now: Self.now.addingTimeInterval(60)) == 0)
            #expect(try await store.deviceGrant(session: "a", source: "cloud") == nil)
            #expect(try await store.deviceGrant(session: "b", source: "cloud") != nil)
            #expect(try await store.purgeExpired(now: Self.now.addingTimeInterval(3_600)) == 2)
            #expect(try await store.deviceGrant(session: "b", source: "cloud") == nil)
        }
    }
}
