import Crypto
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
    /// What an original may be.
    public let limits: ImageLimits
    private static let chunkSize = 1 << 20

    /// A store in `root` (created `0700` when missing, else set to `0700`); temporary files a
    /// killed process left there are deleted. Assets are written `0400`, whatever the umask.
    public init(root: URL, limits: ImageLimits = .default) throws {
        self.root = root
        self.limits = limits
        try PrivateDirectory.make(root)
        AtomicFile.sweepOrphans(in: root, minimumAge: 60)
    }

    /// Where the asset with `sha256` and `contentType` (`image/png`, else JPEG) is kept.
    public func file(sha256: String, contentType: String) -> URL {
        Self.file(in: root, sha256: sha256, contentType: contentType)
    }

    /// Where the asset with `sha256` and `contentType` is kept in a store at `root`.
    static func file(in root: URL, sha256: String, contentType: String) -> URL {
        root.appendingPathComponent(String(sha256.prefix(2)), isDirectory: true)
            .appendingPathComponent(sha256 + (contentType == "image/png" ? ".png" : ".jpg"))
    }

    /// The store's folder for `configuration`: `orders.assetDirectory`, else `assets` in the state folder.
    static func root(for configuration: ServiceConfiguration) -> URL {
        URL(fileURLWithPath: configuration.orders.assetDirectory
            ?? URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true).appendingPathComponent("assets").path, isDirectory: true)
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
        let (fd, temp) = try startTemporary()
        var committed = false
        defer { if !committed { AtomicFile.discardTemporary(temp) } }
        var sha = SHA256()
        var md5 = Insecure.MD5()
        var prefix = Data()
        var count: Int64 = 0
        do {
            defer { close(fd) }
            while true {
                let chunk = try nextChunk()
                if chunk.isEmpty { break }
                count += Int64(chunk.count)
                try limits.check(encodedByteCount: Int(clamping: count))
                if prefix.count < ImageHeader.recommendedPrefixLength {
                    prefix.append(chunk.prefix(ImageHeader.recommendedPrefixLength - prefix.count))
                }
                sha.update(data: chunk)
                md5.update(data: chunk)
                try Self.write(chunk, to: fd)
            }
            guard fsync(fd) == 0 else { throw Self.failure(errno: errno, doing: "flush an asset to") }
        }
        let header = try ImageHeader.read(prefix)
        guard let pixels = header.encodedSize.pixelCount, Int64(pixels) <= limits.maxPixels else {
            throw PhotoSourceError(.tooLarge, "The photo is \(header.encodedSize) pixels, more than the \(limits.maxPixels)-pixel limit.")
        }
        let shaHex = Hex.string(sha.finalize())
        let final = file(sha256: shaHex, contentType: header.format.mimeType)
        do {
            try AtomicFile.makeDirectory(final.deletingLastPathComponent(), mode: PrivateDirectory.folderMode)
            if FileManager.default.fileExists(atPath: final.path) {
                AtomicFile.discardTemporary(temp)  // the same bytes are already here
            } else {
                try AtomicFile.commitTemporary(temp, to: final)
            }
        } catch {
            throw FileSystemFailure.describe(error, doing: "put an asset in place in", "the asset store")
        }
        committed = true
        return StoredAsset(file: final, sha256: shaHex, md5: Hex.string(md5.finalize()), byteCount: count, header: header)
    }

    /// A new temporary file in the store. A folder removed while the service ran (an operator's
    /// clean-up, a remount) is made again. The error names the asset store, never its path on
    /// the server (``FileSystemFailure``): it reaches the customer as the order line's message.
    private func startTemporary() throws -> (descriptor: Int32, path: String) {
        let beside = root.appendingPathComponent("incoming")
        do {
            do {
                return try Self.createTemporary(beside: beside)
            } catch let error as PhotoSourceError where error.code == .notFound {
                try PrivateDirectory.make(root)
                return try Self.createTemporary(beside: beside)
            }
        } catch {
            throw FileSystemFailure.describe(error, doing: "start an asset in", "the asset store")
        }
    }

    /// A temporary file `0400` whatever the umask (`open` applies it; `fchmod` does not).
    private static func createTemporary(beside: URL) throws -> (descriptor: Int32, path: String) {
        let (fd, path) = try AtomicFile.createTemporary(beside: beside, mode: PrivateDirectory.assetMode)
        guard fchmod(fd, PrivateDirectory.assetMode) == 0 else {
            let error = PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of an asset.")
            close(fd)
            AtomicFile.discardTemporary(path)
            throw error
        }
        return (fd, path)
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
    private static func failure(errno code: Int32, doing action: String) -> PhotoSourceError {
        FileSystemFailure.describe(PhotoSourceError.fileSystem(errno: code, "Could not \(action) the asset store."), doing: action, "the asset store")
    }
}
