import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// PostgreSQL's full disk answers as SQLite's does: `53100 disk_full` is `.storageFull`, so a
/// request that must save something gets `503 storage-full` with `Retry-After`.
@Suite("PostgreSQL's refusals: a full disk is storage-full")
struct PostgresFailureTests {
    /// Makes every new session on the database at `url` fail as a full disk makes it fail: a
    /// trigger raising SQLSTATE 53100 with the server's own wording (the real thing needs a
    /// file system that fills up under a running server).
    static func fillDisk(_ url: String) async throws {
        let store = try await SQLServiceStore.open(postgres: url)
        _ = try await store.database.shared.query(
            """
            CREATE FUNCTION refuse_for_want_of_room() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device' USING ERRCODE = 'disk_full'; END $$
            """)
        _ = try await store.database.shared.query(
            "CREATE TRIGGER full_disk BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_for_want_of_room()")
        try await store.close()
    }

    @Test("SQLSTATE 53100 (disk_full) is storage-full with the server's message as detail; out of memory, too many connections and a unique violation are not", arguments: [
        ("53100", true), ("53200", false), ("53300", false), ("23505", false), (nil, false),
    ] as [(String?, Bool)])
    func mapping(_ sqlState: String?, _ full: Bool) {
        // When
        let error = PostgresFailure.error(sqlState: sqlState, message: "could not extend file", underlying: nil)
        // Then
        #expect((error?.code == .storageFull) == full)
        if full, let error {
            #expect(error.message == StorageFull.message)
            #expect(error.detail == "could not extend file")
            #expect(Problem.from(error).status == 503)
            #expect(Problem.from(error).retryAfter == StorageFull.retryAfterSeconds)
        }
    }

    @Test("a statement the server refuses with 53100 throws .storageFull from the store's connection, inside a transaction too; other server errors pass through")
    func connectionTranslates() async throws {
        let store = try await SQLServiceStore.open(postgres: try await PostgresServer.shared().makeDatabase())
        let raise = "DO $$ BEGIN RAISE EXCEPTION 'No space left on device' USING ERRCODE = 'disk_full'; END $$"
        // When
        let direct = await #expect(throws: PhotoSourceError.self) { _ = try await store.database.shared.query(raise) }
        let inWrite = await #expect(throws: PhotoSourceError.self) { try await store.database.write { _ = try await $0.query(raise) } }
        // Then
        #expect(direct?.code == .storageFull)
        #expect(direct?.detail == "No space left on device")
        #expect(inWrite?.code == .storageFull)
        #expect(StorageFull.recognise(try #require(inWrite)) != nil)
        let other = await #expect(throws: (any Error).self) { _ = try await store.database.shared.query("SELECT * FROM no_such_table") }
        #expect(!(other is PhotoSourceError))
        try await store.close()
    }

    @Test("the service on PostgreSQL with a full disk: a new session answers 503 storage-full with Retry-After, reads and /v1/health still answer; with room again, sessions are created")
    func serviceAnswersStorageFull() async throws {
        let url = try await PostgresServer.shared().makeDatabase()
        try await ServiceHarness.run(configure: { $0.database = url }) { harness in
            let (token, _) = try await harness.newSession()
            // When
            try await Self.fillDisk(url)
            let full = try await harness.client.execute(
                uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
            // Then
            try StorageFullTests.expectStorageFull(full)
            #expect(try await harness.get("/v1/sources/library/items?scope=Album", token: token).status == .ok)
            #expect(try await harness.get("/v1/health", token: nil).status == .ok)
            // When: there is room again
            let store = try await SQLServiceStore.open(postgres: url)
            _ = try await store.database.shared.query("DROP TRIGGER full_disk ON sessions")
            try await store.close()
            // Then
            _ = try await harness.newSession()
        }
    }
}
