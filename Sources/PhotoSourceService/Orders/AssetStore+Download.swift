import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOPosix
import PhotoSourceKit

extension AssetStore {
    /// Puts an original that `save` downloads into the store, its bytes written once.
    ///
    /// `save` writes the whole file at the URL it is given: a temporary name inside the store
    /// (a downloader writes through a temporary file of its own beside it, renamed over it when
    /// complete and flushed), so the file never crosses a file system and a killed download
    /// leaves only temporary names ``SharedDirectory/sweepAbandoned(in:)`` removes, never a file
    /// at a hash. The file is then read back once (from the page cache) for its MD5, SHA-256,
    /// size and header, and renamed to its hash: no second copy.
    ///
    /// - Throws: what `save` throws (a truncated, refused or cancelled download), and what
    ///   ``ingest(file:)`` throws for bytes that are not a JPEG or PNG within ``limits``; in
    ///   every case nothing is left in the store.
    func ingest(downloading save: (URL) async throws -> Void) async throws -> StoredAsset {
        let staged = try startTemporary()
        close(staged.descriptor)
        var committed = false
        defer { if !committed { storage.discard(staged) } }
        try await save(URL(fileURLWithPath: staged.path))
        let asset = try await NIOThreadPool.singleton.runIfActive { try digestAndCommit(downloaded: staged) }
        committed = true
        return asset
    }

    /// Reads a downloaded staged file once for its digests and header, then commits it.
    private func digestAndCommit(downloaded staged: StagedFile) throws -> StoredAsset {
        // Downloaders write with the umask's permissions; the store's folder (0700) kept it private meanwhile.
        guard chmod(staged.path, PrivateDirectory.assetMode) == 0 else { throw Self.failure(errno: errno, doing: "protect an asset in") }
        let fd = open(staged.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure(errno: errno, doing: "read a downloaded asset in") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var digest = AssetDigest(limits: limits)
        while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
            try digest.add(chunk)
        }
        return try commit(staged, digest)
    }
}
