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

    /// A store in `root` (created when missing); temporary files a killed process left there are deleted.
    public init(root: URL, limits: ImageLimits = .default) throws {
        self.root = root
        self.limits = limits
        try AtomicFile.makeDirectory(root)
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
    ///   not a JPEG or PNG whose header parses, `.tooLarge` beyond ``limits``, and the file system's
    ///   error (a full disk…) when it cannot be written; nothing partial is left behind.
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
            guard fsync(fd) == 0 else { throw PhotoSourceError(.unknown, "Could not flush an asset to disk (errno \(errno)).") }
        }
        let header = try ImageHeader.read(prefix)
        guard let pixels = header.encodedSize.pixelCount, Int64(pixels) <= limits.maxPixels else {
            throw PhotoSourceError(.tooLarge, "The photo is \(header.encodedSize) pixels, more than the \(limits.maxPixels)-pixel limit.")
        }
        let shaHex = Hex.string(sha.finalize())
        let final = file(sha256: shaHex, contentType: header.format.mimeType)
        try AtomicFile.makeDirectory(final.deletingLastPathComponent())
        if FileManager.default.fileExists(atPath: final.path) {
            AtomicFile.discardTemporary(temp)  // the same bytes are already here
        } else {
            try AtomicFile.commitTemporary(temp, to: final)
        }
        committed = true
        return StoredAsset(file: final, sha256: shaHex, md5: Hex.string(md5.finalize()), byteCount: count, header: header)
    }

    /// A new temporary file in the store. A folder removed while the service ran (an operator's
    /// clean-up, a remount) is made again. The error names the asset store, never its path on
    /// the server: it reaches the customer as the order line's message.
    private func startTemporary() throws -> (descriptor: Int32, path: String) {
        let beside = root.appendingPathComponent("incoming")
        do {
            do {
                return try AtomicFile.createTemporary(beside: beside, mode: 0o444)
            } catch let error as PhotoSourceError where error.code == .notFound {
                try AtomicFile.makeDirectory(root)
                return try AtomicFile.createTemporary(beside: beside, mode: 0o444)
            }
        } catch {
            // strerror's words when there are some, else the error's code: never its message, which names the path.
            let reason = (error as? PhotoSourceError).map { $0.detail ?? $0.code.name } ?? "unexpected error"
            throw PhotoSourceError(
                .unknown, "Could not start an asset in the asset store (\(reason)); check that its folder is writable.",
                underlying: error)
        }
    }

    private static func write(_ chunk: Data, to fd: Int32) throws {
        try chunk.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw PhotoSourceError(
                        .unknown, "Could not write an asset into \(Self.describe(errno)); free some space or move the asset store.")
                }
                written += n
            }
        }
    }

    private static func describe(_ code: Int32) -> String {
        code == ENOSPC ? "the asset store: the disk is full" : "the asset store (\(String(cString: strerror(code))))"
    }
}
