import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that another instance of the service may have to serve or finish: the order asset
/// store (a lab's later fetch may land on any instance), the originals spool and customer
/// uploads (a resumable upload's next chunk may land on another instance).
///
/// The contract is the one a shared network folder (NFS, EFS, SMB mounted with close-to-open
/// consistency) keeps: a file appears whole or not at all (written under a temporary name in its
/// final folder, flushed, renamed), names are never written twice with different bytes, and no
/// lock is ever held across instances. Readers open a file by its ``location(of:)``.
protocol SharedFileStoring: Sendable {
    /// The folder everything lives under.
    var root: URL { get }

    /// Where the file at `path` (relative to ``root``, `/`-separated) is read.
    func location(of path: String) -> URL

    /// A new empty temporary file in the folder `path` will be committed to (made when missing),
    /// with `permissions` whatever the umask. Finish with ``commit(_:to:)`` or ``discard(_:)``.
    func stage(for path: String, permissions: mode_t) throws -> StagedFile

    /// Puts a staged file (written and flushed by its writer, descriptor closed) in place at
    /// `path` with one rename, then flushes the folder. When `path` already exists and
    /// `replacing` is false, the staged file is discarded instead (content-addressed names: the
    /// same bytes are already there) and the result is ``CommitOutcome/alreadyThere``.
    @discardableResult
    func commit(_ staged: StagedFile, to path: String, replacing: Bool) throws -> CommitOutcome

    /// Deletes a staged file that will not be committed.
    func discard(_ staged: StagedFile)

    /// Writes `data` whole to `path` (stage, write, flush, commit, replacing).
    func write(_ data: Data, to path: String, permissions: mode_t) throws

    /// The names in the folder `path` (`""` for the root) that start with `prefix`; temporary files excluded.
    func names(in folder: String, prefix: String) -> [String]

    /// Deletes the file at `path` (a missing file is no error: another instance may have deleted it).
    func remove(_ path: String)

    /// Deletes temporary files in `folder` whose writers are surely gone; returns how many.
    @discardableResult
    func sweepAbandoned(in folder: String) -> Int
}

/// What ``SharedFileStoring/commit(_:to:replacing:)`` did.
enum CommitOutcome: Sendable, Equatable {
    /// The staged file is now at the path.
    case placed
    /// The path already held a file, which was kept; the staged file was discarded.
    case alreadyThere
}
