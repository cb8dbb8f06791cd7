import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The store, on SQLite and on PostgreSQL")
struct ServiceStoreTests {
    static func session(_ id: String, expires: Date) -> CustomerSession {
        CustomerSession(id: id, tokenHash: "hash-\(id)", createdAt: Date(), expiresAt: expires)
    }

    @Test("sessions are found by token hash, slide forward on use, and expire", arguments: StoreEngine.allCases)
    func sessions(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            try await store.createSession(Self.session("a", expires: now.addingTimeInterval(60)))
            let touched = try #require(try await store.touchSession(tokenHash: "hash-a", now: now, lifetime: 3_600))
            #expect(touched.expiresAt.timeIntervalSince(now) > 3_500)
            #expect(try await store.touchSession(tokenHash: "hash-b", now: now, lifetime: 60) == nil)
            #expect(try await store.touchSession(tokenHash: "hash-a", now: now.addingTimeInterval(7_200), lifetime: 60) == nil)
            #expect(try await store.purgeExpired(now: now.addingTimeInterval(7_200)) == 1)
            #expect(try await store.session(id: "a", now: now) == nil)
        }
    }

    @Test("sign-ins are per session and source, replaced, deleted, and go with their session", arguments: StoreEngine.allCases)
    func signIns(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            try await store.createSession(Self.session("a", expires: now.addingTimeInterval(60)))
            try await store.createSession(Self.session("b", expires: now.addingTimeInterval(60)))
            try await store.saveSignIn(session: "a", source: "cloud", sealed: Data([1]))
            try await store.saveSignIn(session: "a", source: "cloud", sealed: Data([2]))
            #expect(try await store.signIn(session: "a", source: "cloud") == Data([2]))
            #expect(try await store.signIn(session: "b", source: "cloud") == nil)
            try await store.deleteSignIn(session: "a", source: "cloud")
            #expect(try await store.signIn(session: "a", source: "cloud") == nil)
        }
    }

    @Test("an OAuth state is single use and expires", arguments: StoreEngine.allCases)
    func authorizationState(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            try await store.createSession(Self.session("a", expires: now.addingTimeInterval(600)))
            let pending = PendingAuthorization(state: "s1", session: "a", source: "cloud", sealedVerifier: Data([7]), expiresAt: now.addingTimeInterval(60))
            try await store.saveAuthorization(pending)
            #expect(try await store.takeAuthorization(state: "s1", now: now) == pending)
            #expect(try await store.takeAuthorization(state: "s1", now: now) == nil)
            try await store.saveAuthorization(PendingAuthorization(state: "s2", session: "a", source: "cloud", sealedVerifier: Data(), expiresAt: now))
            #expect(try await store.takeAuthorization(state: "s2", now: now.addingTimeInterval(1)) == nil)
        }
    }

    @Test("an idempotency key keeps its first response", arguments: StoreEngine.allCases)
    func idempotency(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let now = Date()
            try await store.createSession(Self.session("a", expires: now.addingTimeInterval(600)))
            let first = IdempotencyRecord(session: "a", key: "k", requestHash: "h1", status: 201, body: Data("one".utf8), createdAt: now)
            try await store.saveIdempotentResponse(first)
            try await store.saveIdempotentResponse(IdempotencyRecord(session: "a", key: "k", requestHash: "h2", status: 500, body: Data(), createdAt: now))
            #expect(try await store.idempotentResponse(session: "a", key: "k")?.body == Data("one".utf8))
        }
    }

    @Test("reopening keeps the data and applies no migration twice; two stores open one database at once", arguments: StoreEngine.allCases)
    func migrationsAreVersioned(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            try await store.createSession(Self.session("a", expires: Date().addingTimeInterval(600)))
            async let second = open()
            async let third = open()
            let (reopened, other) = try await (second, third)
            #expect(try await reopened.session(id: "a", now: Date()) != nil)
            try await reopened.close()
            try await other.close()
        }
    }

    @Test("two stores migrating one empty database at once apply each step once", arguments: StoreEngine.allCases)
    func concurrentMigration(_ engine: StoreEngine) async throws {
        let (open, remove) = try await engine.makeDatabase()
        defer { remove() }

        // When: two instances start at once on an empty database
        async let first = open()
        async let second = open()
        let (one, other) = try await (first, second)

        // Then: every step is recorded once (the loser waited for the lock, then found nothing to do)
        let versions = try await one.database.shared.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.int("version") }
        #expect(versions == Array(1...StoreMigrations.steps.count))
        try await one.close()
        try await other.close()
    }

    @Test("a store dropped without close() closes itself instead of trapping; the database stays usable", arguments: StoreEngine.allCases)
    func droppedStoreClosesItself(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            try await store.createSession(Self.session("a", expires: Date().addingTimeInterval(600)))
            do {
                // Opened and dropped, as a service that was built but never run: before the
                // store closed itself here, SQLiteNIO's deinit assertion ended the test process.
                let dropped = try await open()
                try await dropped.createSession(Self.session("b", expires: Date().addingTimeInterval(600)))
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await store.session(id: "b", now: Date()) != nil)
            try await store.createSession(Self.session("c", expires: Date().addingTimeInterval(600)))
        }
    }

    @Test("close() from a cancelled task still closes every connection (a service group cancelled while it stops)", arguments: StoreEngine.allCases)
    func closeInCancelledTask(_ engine: StoreEngine) async throws {
        let (open, remove) = try await engine.makeDatabase()
        defer { remove() }
        let store = try await open()

        // When: the task is cancelled before close() hands its work to SQLiteNIO's thread pool,
        // which skips cancelled work: the connections used to stay open, and releasing the store
        // then trapped in SQLiteNIO's deinit assertion (found by `make sanitize`).
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await store.close()
        }
        try await closing.value

        // Then
        #expect(store.isClosed)
    }
}
