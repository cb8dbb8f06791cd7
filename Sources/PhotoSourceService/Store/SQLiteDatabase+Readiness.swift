import Foundation
import SQLiteNIO

extension SQLiteDatabase {
    /// Below this many pages of headroom under the connection's page limit the store counts as full.
    static let minimumHeadroomPages = 16

    /// Ready when the database answers and has room: pages left under its page limit
    /// (`PRAGMA max_page_count`, free pages counted) and at least
    /// ``StorageCheck/minimumFreeBytes`` free on its file system.
    func readiness() async -> StorageCheck {
        if isClosed { return StorageCheck(.failing, "the store is closed") }
        do {
            func pragma(_ name: String) async throws -> Int {
                Int(try await connection.query("PRAGMA \(name)").first?.column(name)?.integer ?? 0)
            }
            let headroom = try await pragma("max_page_count") - pragma("page_count") + pragma("freelist_count")
            if headroom < Self.minimumHeadroomPages {
                return StorageCheck(.full, "the database is at its size limit (\(max(0, headroom)) pages left)")
            }
        } catch {
            return StorageCheck(.failing, "the store does not answer (\((error as? SQLiteError).map { "\($0.reason)" } ?? "error"))")
        }
        return StorageCheck.freeSpace(at: file.deletingLastPathComponent()) ?? .ok
    }

    /// Caps the database at its current size plus `extraPages` on both connections, so the next
    /// write that needs a new page fails with a genuine `SQLITE_FULL` (for tests of a full store).
    func limitSize(extraPages: Int) async throws {
        let pages = try await connection.query("PRAGMA page_count").first?.column("page_count")?.integer ?? 0
        _ = try await connection.query("PRAGMA max_page_count = \(pages + extraPages)")
        try await transactor.statements { connection in
            _ = try await connection.query("PRAGMA max_page_count = \(pages + extraPages)")
        }
    }
}
