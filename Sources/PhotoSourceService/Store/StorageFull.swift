import PhotoSourceKit
import SQLiteNIO

/// A write refused for want of room, wherever it came from: the store (SQLite's `SQLITE_FULL`,
/// from a full disk or the database's page limit; PostgreSQL's `53100 disk_full`, already a
/// `.storageFull` error when it leaves ``PostgresStoreConnection``) or a file (`ENOSPC`, `EDQUOT`).
///
/// Such a request answers `503 storage-full` with `Retry-After` instead of `500 unknown`: the
/// service itself is fine, and the same request succeeds once space is freed.
enum StorageFull {
    /// What `Retry-After` says: long enough for an operator's clean-up or a volume to grow.
    static let retryAfterSeconds = 30

    /// The sentence a client reads: no path, no SQL.
    static let message = "The service's storage is full, so it cannot save this now; try again in a while (the operator has been told)."

    /// `error` as a `.storageFull` error when it says there is no room, else `nil`.
    static func recognise(_ error: any Error) -> PhotoSourceError? {
        switch error {
        case let error as PhotoSourceError where error.code == .storageFull: error
        case let error as SQLiteError where error.reason == .full: PhotoSourceError(.storageFull, message, detail: error.message, underlying: error)
        default: nil
        }
    }
}
