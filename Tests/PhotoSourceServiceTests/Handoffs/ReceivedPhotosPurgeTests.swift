import Foundation
import Logging
import PhotoImaging
@testable import PhotoSourceService
import Testing

@Suite("Received photos of sessions without a customer id")
struct ReceivedPhotosPurgeTests {
    @Test("the purger deletes the received photos of a gone session without a customer id; a live session's and a customer's stay", arguments: StoreEngine.allCases)
    func purgesGoneSessions(_ engine: StoreEngine) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("received-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let received = ReceivedPhotos(root: root, maximumBytes: 10 << 20)
        let bytes = try ImageEncoder.jpeg(TestLibrary.gradient(width: 64, height: 48))
        let header = try await received.verify(bytes)
        try await engine.withStore { store, _ in
            let now = Date()
            try await store.createSession(CustomerSession(id: "ses_live", tokenHash: "a", createdAt: now, expiresAt: now.addingTimeInterval(3600)))
            // Given: photos sent back to a live session, a gone one, and a customer (whose sessions are all gone)
            for key in ["session:ses_live", "session:ses_gone", "customer:c-42"] {
                _ = try await received.add(bytes, header: header, customerKey: key, title: "edited.jpg", now: now)
            }
            func folder(_ key: String) -> String { root.appendingPathComponent(ReceivedPhotos.owner(key)).path }
            var purger = StorePurger(store: store, interval: .seconds(300), logger: Logger(label: "test"))
            purger.received = received
            // When
            await purger.purgeOnce(now: now)
            // Then
            #expect(!FileManager.default.fileExists(atPath: folder("session:ses_gone")))
            #expect(try await received.store.finished(session: ReceivedPhotos.owner("session:ses_live")).count == 1)
            #expect(try await received.store.finished(session: ReceivedPhotos.owner("customer:c-42")).count == 1)
            // A second photo for the live session keeps the one marker; once it ends, both go.
            _ = try await received.add(bytes, header: header, customerKey: "session:ses_live", title: "again.jpg", now: now)
            try await store.deleteSession(id: "ses_live")
            await purger.purgeOnce(now: now)
            #expect(!FileManager.default.fileExists(atPath: folder("session:ses_live")))
            #expect(FileManager.default.fileExists(atPath: folder("customer:c-42")))
        }
    }
}
