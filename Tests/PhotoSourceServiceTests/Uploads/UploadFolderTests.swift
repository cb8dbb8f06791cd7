import Foundation
@testable import PhotoSourceService
import Testing

/// The sidecar's dates: "newest first" (Uploads, Received) sorts by `finishedAt`, so two photos
/// finished within one second must keep their order.
@Suite("Upload records on disk")
struct UploadFolderTests {
    @Test("dates keep their milliseconds, and a record written with whole seconds still reads")
    func millisecondDates() throws {
        let folder = UploadFolder(folder: FileManager.default.temporaryDirectory.appendingPathComponent("upload-folder-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: folder.folder) }
        // Given: two records finished 300 ms apart within one second
        let base = Date(timeIntervalSince1970: 1_795_000_000)
        for (id, offset) in [("a", 0.1), ("b", 0.4)] {
            try folder.save(UploadRecord(
                id: id, session: "ses_1", length: 1, createdAt: base, expiresAt: base, finishedAt: base.addingTimeInterval(offset)))
        }
        // Then: read back apart, in order
        let a = try #require(try folder.record("a")?.finishedAt)
        let b = try #require(try folder.record("b")?.finishedAt)
        #expect(abs(a.timeIntervalSince(base) - 0.1) < 0.002)
        #expect(b > a)
        // And: an older sidecar with whole seconds
        let old = #"{"createdAt":"2026-11-20T10:00:00Z","expiresAt":"2026-11-21T10:00:00Z","finishedAt":"2026-11-20T10:00:05Z","id":"c","length":1,"session":"ses_1"}"#
        try Data(old.utf8).write(to: folder.sidecar("c"))
        #expect(try folder.record("c")?.finishedAt == ISO8601DateFormatter().date(from: "2026-11-20T10:00:05Z"))
    }
}
