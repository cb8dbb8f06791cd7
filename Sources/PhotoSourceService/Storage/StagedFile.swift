/// A temporary file being written for a ``SharedFileStoring``: an open descriptor (the writer
/// writes, flushes with `fsync` and closes it) and the temporary path the commit renames.
struct StagedFile: Sendable {
    /// The open descriptor, write-only.
    let descriptor: Int32
    /// The temporary file's absolute path.
    let path: String
}
