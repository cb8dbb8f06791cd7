import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The SQLite store")
struct SQLiteServiceStoreTests {
    static func withStore(_ body: (SQLiteServiceStore, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svc-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("service.sqlite")
        let store = try await SQLiteServiceStore.open(file: file)
        do {
            try await body(store, file)
        } catch {
            try await store.close()
            throw error
        }
        try await store.close()
    }

    static func session(_ id: String, expires: Date) -> CustomerSession {
        CustomerSession(id: id, tokenHash: "hash-\(id)", createdAt: Date(), expiresAt: expires)
    }

    @Test("sessions are found by token hash, slide forward on use, and expire")
    func sessions() async throws {
        try await Self.withStore { store, _ in
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

    @Test("sign-ins are per session and source, replaced, deleted, and go with their session")
    func signIns() async throws {
        try await Self.withStore { store, _ in
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

    @Test("an OAuth state is single use and expires")
    func authorizationState() async throws {
        try await Self.withStore { store, _ in
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

    @Test("an idempotency key keeps its first response")
    func idempotency() async throws {
        try await Self.withStore { store, _ in
            let now = Date()
            try await store.createSession(Self.session("a", expires: now.addingTimeInterval(600)))
            let first = IdempotencyRecord(session: "a", key: "k", requestHash: "h1", status: 201, body: Data("one".utf8), createdAt: now)
            try await store.saveIdempotentResponse(first)
            try await store.saveIdempotentResponse(IdempotencyRecord(session: "a", key: "k", requestHash: "h2", status: 500, body: Data(), createdAt: now))
            #expect(try await store.idempotentResponse(session: "a", key: "k")?.body == Data("one".utf8))
        }
    }

    @Test("reopening keeps the data and applies no migration twice; two stores open one file at once")
    func migrationsAreVersioned() async throws {
        try await Self.withStore { store, file in
            try await store.createSession(Self.session("a", expires: Date().addingTimeInterval(600)))
            async let second = SQLiteServiceStore.open(file: file)
            async let third = SQLiteServiceStore.open(file: file)
            let (reopened, other) = try await (second, third)
            #expect(try await reopened.session(id: "a", now: Date()) != nil)
            try await reopened.close()
            try await other.close()
        }
    }

    @Test("a store dropped without close() closes itself instead of trapping; the file stays usable")
    func droppedStoreClosesItself() async throws {
        try await Self.withStore { store, file in
            try await store.createSession(Self.session("a", expires: Date().addingTimeInterval(600)))
            do {
                // Opened and dropped, as a service that was built but never run: before the
                // store closed itself here, SQLiteNIO's deinit assertion ended the test process.
                let dropped = try await SQLiteServiceStore.open(file: file)
                try await dropped.createSession(Self.session("b", expires: Date().addingTimeInterval(600)))
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await store.session(id: "b", now: Date()) != nil)
            try await store.createSession(Self.session("c", expires: Date().addingTimeInterval(600)))
        }
    }

    @Test("close() from a cancelled task still closes both connections (a service group cancelled while it stops)")
    func closeInCancelledTask() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svc-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteServiceStore.open(file: folder.appendingPathComponent("service.sqlite"))

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
