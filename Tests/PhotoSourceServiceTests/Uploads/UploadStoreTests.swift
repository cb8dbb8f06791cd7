import Foundation
import Logging
import NIOCore
@testable import PhotoSourceService
import Testing

/// The upload folder's expiry rules, with the clock given: unfinished uploads expire, and a
/// session's uploads go with the session.
@Suite("Uploads: expiry and purge")
struct UploadStoreTests {
    private static func temporaryStore(lifetime: Int = 60) throws -> UploadStore {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)", isDirectory: true)
        return UploadStore(root: root, settings: UploadSettings(unfinishedLifetimeSeconds: lifetime))
    }

    private static func files(_ store: UploadStore, session: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.folder(session: session).folder.path)) ?? []).sorted()
    }

    @Test("an unfinished upload past Upload-Expires answers 404 and its bytes and sidecar are deleted")
    func expires() async throws {
        let store = try Self.temporaryStore(lifetime: 60)
        defer { try? FileManager.default.removeItem(at: store.root) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let record = try await store.create(session: "ses_a", length: 1000, filename: nil, filetype: nil, now: start)
        #expect(record.expiresAt == start.addingTimeInterval(60))
        #expect(try await store.status(session: "ses_a", id: record.id, now: start.addingTimeInterval(59)).offset == 0)
        // When
        await #expect(throws: Problem.self) { try await store.status(session: "ses_a", id: record.id, now: start.addingTimeInterval(61)) }
        // Then
        #expect(Self.files(store, session: "ses_a") == [])
    }

    @Test("the purge deletes every upload of a session that is gone and the expired unfinished ones of live sessions")
    func purge() async throws {
        let store = try Self.temporaryStore(lifetime: 60)
        defer { try? FileManager.default.removeItem(at: store.root) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let old = try await store.create(session: "ses_live", length: 10, filename: nil, filetype: nil, now: start)
        let fresh = try await store.create(session: "ses_live", length: 10, filename: nil, filetype: nil, now: start.addingTimeInterval(100))
        _ = try await store.create(session: "ses_gone", length: 10, filename: nil, filetype: nil, now: start.addingTimeInterval(100))
        // When
        let purged = try await store.purge(now: start.addingTimeInterval(120)) { $0 == "ses_live" }
        // Then
        #expect(purged == 2)
        #expect(Self.files(store, session: "ses_live") == [fresh.id + ".json", fresh.id + ".part"])
        #expect(!Self.files(store, session: "ses_live").contains(old.id + ".part"))
        #expect(!FileManager.default.fileExists(atPath: store.folder(session: "ses_gone").folder.path))
    }

    @Test("the store purger deletes the uploads of sessions the store no longer has")
    func purgerFollowsSessions() async throws {
        let store = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.root) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-db-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let database = try await SQLiteServiceStore.open(file: file)
        let now = Date()
        try await database.createSession(CustomerSession(id: "ses_live", tokenHash: "a", createdAt: now, expiresAt: now.addingTimeInterval(3600)))
        _ = try await store.create(session: "ses_live", length: 10, filename: nil, filetype: nil, now: now)
        _ = try await store.create(session: "ses_ended", length: 10, filename: nil, filetype: nil, now: now)
        var purger = StorePurger(store: database, interval: .seconds(300), logger: Logger(label: "test"))
        purger.uploads = store
        // When
        await purger.purgeOnce(now: now)
        try await database.close()
        // Then
        #expect(Self.files(store, session: "ses_live").count == 2)
        #expect(!FileManager.default.fileExists(atPath: store.folder(session: "ses_ended").folder.path))
    }
    @Test("a gone session's uploads stay while an order it placed may still fetch them, and go once it has", arguments: StoreEngine.allCases)
    func purgerWaitsForOrders(_ engine: StoreEngine) async throws {
        let uploads = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: uploads.root) }
        try await engine.withStore { store, _ in
            let now = Date()
            // Given: two sessions the store no longer has; "ses_a" placed an order not yet fetched
            _ = try await store.createOrder(OrderQueueTests.order("ord_1"), now: now)
            for session in ["ses_a", "ses_b"] {
                _ = try await uploads.create(session: session, length: 10, filename: nil, filetype: nil, now: now)
            }
            var purger = StorePurger(store: store, interval: .seconds(300), logger: Logger(label: "test"))
            purger.uploads = uploads
            // When
            await purger.purgeOnce(now: now)
            // Then
            #expect(Self.files(uploads, session: "ses_a").count == 2)
            #expect(!FileManager.default.fileExists(atPath: uploads.folder(session: "ses_b").folder.path))
            // When the order no longer fetches (here: cancelled), the next purge takes them
            _ = try await store.cancelOrder(id: "ord_1", now: now)
            await purger.purgeOnce(now: now)
            #expect(!FileManager.default.fileExists(atPath: uploads.folder(session: "ses_a").folder.path))
        }
    }
}
