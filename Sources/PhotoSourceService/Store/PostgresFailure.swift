import PhotoSourceKit
import PostgresNIO

/// PostgreSQL's refusals that the service answers differently from any other failure, read
/// from the server's SQLSTATE and turned into ``PhotoSourceKit/PhotoSourceError`` at the engine's
/// edge (``PostgresStoreConnection``), so nothing above the store sees a postgres-nio type.
///
/// A full disk under the database (`53100 disk_full`: a table, index or WAL file could not grow)
/// becomes the same `.storageFull` error SQLite's `SQLITE_FULL` becomes (``StorageFull``): a
/// `503 storage-full` with `Retry-After`, a retryable failure for the order worker. Other codes
/// of class 53 are not about room on disk (`53200 out_of_memory`, `53300 too_many_connections`)
/// and stay what they were.
enum PostgresFailure {
    /// SQLSTATE `disk_full`.
    static let diskFull = "53100"

    /// `error` as the service's own error when its SQLSTATE is one ``error(sqlState:message:underlying:)``
    /// knows; otherwise `error` itself.
    static func translated(_ error: any Error) -> any Error {
        guard let failure = error as? PSQLError, let server = failure.serverInfo else { return error }
        return Self.error(sqlState: server[.sqlState], message: server[.message], underlying: failure) ?? error
    }

    /// The service's error for a server error with `sqlState` and the server's `message`
    /// (kept as the detail, for the log), or `nil` when the code needs no translation.
    static func error(sqlState: String?, message: String?, underlying: (any Error)?) -> PhotoSourceError? {
        switch sqlState {
        case diskFull: PhotoSourceError(.storageFull, StorageFull.message, detail: message, underlying: underlying)
        default: nil
        }
    }
}
