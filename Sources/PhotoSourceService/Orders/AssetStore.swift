public import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOPosix
public import PhotoImaging
import PhotoSourceKit

/// The folder materialised originals live in, content-addressed by SHA-256
/// (`<root>/ab/abcdef….jpg`): a file arrives whole (written to a temporary file, flushed,
/// renamed) or not at all, and the same photo ordered twice is stored once.
///
/// Originals are copied in 1 MiB chunks on NIO's blocking pool, hashing as they go: a file is
/// never held in memory whole. Only JPEG and PNG files whose header parses and whose size is
/// within ``limits`` are kept.
public struct AssetStore: Sendable {
    /// A verified file in the store.
    public struct StoredAsset: Sendable, Hashable {
        /// Where it is (read-only by convention).
        public var file: URL
        /// SHA-256, lowercase hex.
        public var sha256: String
        /// MD5, lowercase hex.
        public var md5: String
        /// Its size in bytes.
        public var byteCount: Int64
        /// What its header says.
        public var header: ImageHeader
    }

    /// The folder.
    public let root: URL
    /// Where the files are written: a folder every instance sharing the store reaches.
    let storage: any SharedFileStoring
    /// What an original may be.
    public let limits: ImageLimits
    static let chunkSize = 1 << 20

    /// A store in `root` (created `0700` when missing, else set to `0700`); temporary files a
    /// killed writer left there are deleted once abandoned (``SharedDirectory``: any instance
    /// sharing the folder may be writing the younger ones). Assets are written `0400`, whatever the umask.
    public init(root: URL, limits: ImageLimits = .default) throws {
        try self.init(storage: SharedDirectory(root: root), limits: limits)
    }

    /// A store on `storage` (a folder every instance reaches, for several instances).
    init(storage: any SharedFileStoring, limits: ImageLimits = .default) throws {
        self.storage = storage
        self.root = storage.root
        self.limits = limits
        storage.sweepAbandoned(in: "")
    }

    /// Where the asset with `sha256` and `contentType` (`image/png`, else JPEG) is kept.
    public func file(sha256: String, contentType: String) -> URL {
        Self.file(in: root, sha256: sha256, contentType: contentType)
    }

    /// Where the asset with `sha256` and `contentType` is kept in a store at `root`.
    static func file(in root: URL, sha256: String, contentType: String) -> URL {
        root.appendingPathComponent(path(sha256: sha256, contentType: contentType))
    }

    /// The asset's path inside the store: `ab/abcdef….jpg`.
    static func path(sha256: String, contentType: String) -> String {
        String(sha256.prefix(2)) + "/" + sha256 + (contentType == "image/png" ? ".png" : ".jpg")
    }

    /// The store's folder for `configuration`: `orders.assetDirectory`, else `assets` in the
    /// shared folder (`sharedDirectory`), else `assets` in the state folder.
    static func root(for configuration: ServiceConfiguration) -> URL {
        if let folder = configuration.orders.assetDirectory { return URL(fileURLWithPath: folder, isDirectory: true) }
        return configuration.sharedOrStateFolder.appendingPathComponent("assets", isDirectory: true)
    }

    /// Copies the file at `source` into the store.
    ///
    /// - Throws: `.notFound` when it cannot be read, `.unsupportedFormat` / `.invalidData` when it is
    ///   not a JPEG or PNG whose header parses, `.tooLarge` beyond ``limits``, and, when it cannot
    ///   be written, ``FileSystemFailure``'s error (`.storageFull` for a full disk), which names
    ///   the asset store, not its path; nothing partial is left behind.
    public func ingest(file source: URL) async throws -> StoredAsset {
        try await NIOThreadPool.singleton.runIfActive {
            guard let handle = FileHandle(forReadingAtPath: source.path) else {
                throw PhotoSourceError(.notFound, "The photo's file \(source.lastPathComponent) is gone.")
            }
            defer { try? handle.close() }
            return try store { try handle.read(upToCount: Self.chunkSize) ?? Data() }
        }
    }

    /// Copies `bytes` (an original a source without files handed over whole) into the store.
    public func ingest(bytes: Data) async throws -> StoredAsset {
        try await NIOThreadPool.singleton.runIfActive {
            var offset = 0
            return try store {
                let end = min(bytes.count, offset + Self.chunkSize)
                defer { offset = end }
                return bytes.subdata(in: offset..<end)
            }
        }
    }

    /// Streams `nextChunk` (empty at the end) into a temporary file while hashing, checks the
    /// header and the size, then renames it to its hash.
    private func store(_ nextChunk: () throws -> Data) throws -> StoredAsset {
        let staged = try startTemporary()
        let fd = staged.descriptor
        var committed = false
        defer { if !committed { storage.discard(staged) } }
        var digest = AssetDigest(limits: limits)
        do {
            defer { close(fd) }
            while true {
                let chunk = try nextChunk()
                if chunk.isEmpty { break }
                try digest.add(chunk)
                try Self.write(chunk, to: fd)
            }
            guard fsync(fd) == 0 else { throw Self.failure(errno: errno, doing: "flush an asset to") }
        }
        let asset = try commit(staged, digest)
        committed = true
        return asset
    }

    /// Checks the header a digest saw and puts the staged file (flushed, closed) in place at its
    /// hash; the caller discards it when this throws.
    func commit(_ staged: StagedFile, _ digest: AssetDigest) throws -> StoredAsset {
        let (header, shaHex, md5Hex) = try digest.finish()
        let path = Self.path(sha256: shaHex, contentType: header.format.mimeType)
        do {
            // An existing file has the same bytes (its name is their hash): it is kept.
            try storage.commit(staged, to: path, replacing: false)
        } catch {
            throw FileSystemFailure.describe(error, doing: "put an asset in place in", "the asset store")
        }
        return StoredAsset(file: storage.location(of: path), sha256: shaHex, md5: md5Hex, byteCount: digest.byteCount, header: header)
    }

    /// A new temporary file (`0400` whatever the umask) in the store. A folder removed while the
    /// service ran (an operator's clean-up, a remount) is made again. The error names the asset
    /// store, never its path on the server (``FileSystemFailure``): it reaches the customer as the
    /// order line's message.
    func startTemporary() throws -> StagedFile {
        do {
            return try storage.stage(for: "incoming", permissions: PrivateDirectory.assetMode)
        } catch {
            throw FileSystemFailure.describe(error, doing: "start an asset in", "the asset store")
        }
    }

    private static func write(_ chunk: Data, to fd: Int32) throws {
        try chunk.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Self.failure(errno: errno, doing: "write an asset into")
                }
                written += n
            }
        }
    }

    /// A failed call's `errno` as the customer may read it: the asset store named, never its path.
    static func failure(errno code: Int32, doing action: String) -> PhotoSourceError {
        FileSystemFailure.describe(PhotoSourceError.fileSystem(errno: code, "Could not \(action) the asset store."), doing: action, "the asset store")
    }
}
