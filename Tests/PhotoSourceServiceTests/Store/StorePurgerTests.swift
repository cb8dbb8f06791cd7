import Foundation
import Logging
import PhotoSourceService
import ServiceLifecycle
import Testing

@Suite("The store purger")
struct StorePurgerTests {
    @Test("expired sessions and what they own go on the purger's schedule; live ones stay")
    func purgesOnSchedule() async throws {
        try await SQLiteServiceStoreTests.withStore { store, _ in
            let now = Date()
            // Given: one expired session with a sign-in, one live one with a sign-in
            try await store.createSession(SQLiteServiceStoreTests.session("gone", expires: now.addingTimeInterval(-1)))
            try await store.createSession(SQLiteServiceStoreTests.session("live", expires: now.addingTimeInterval(3_600)))
            try await store.saveSignIn(session: "gone", source: "cloud", sealed: Data([1]))
            try await store.saveSignIn(session: "live", source: "cloud", sealed: Data([2]))
            let logs = LogCapture()
            let group = ServiceGroup(
                services: [StorePurger(store: store, interval: .milliseconds(100), logger: logs.logger)],
                gracefulShutdownSignals: [], logger: Logger(label: "test.purger"))
            let running = Task { try await group.run() }

            // When: nobody calls purgeExpired but the purger
            // Then: the expired session's sign-in (it cascades) goes; the live one stays
            #expect(try await Self.eventually { try await store.signIn(session: "gone", source: "cloud") == nil })
            #expect(try await store.signIn(session: "live", source: "cloud") == Data([2]))

            // And a session that expires later goes on a later round, without a restart
            try await store.createSession(SQLiteServiceStoreTests.session("later", expires: Date().addingTimeInterval(0.3)))
            try await store.saveSignIn(session: "later", source: "cloud", sealed: Data([3]))
            #expect(try await store.signIn(session: "later", source: "cloud") == Data([3]))
            #expect(try await Self.eventually { try await store.signIn(session: "later", source: "cloud") == nil })
            #expect(try await store.signIn(session: "live", source: "cloud") == Data([2]))
            #expect(logs.text.contains("purged 1 expired session(s)"))

            await group.triggerGracefulShutdown()
            try await running.value
        }
    }

    /// Polls `condition` every 50 ms for up to 10 s.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
