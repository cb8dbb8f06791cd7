import Crypto
import Foundation
import NIOPosix
import PhotoSourceKit

/// Size, MD5 and (optionally) SHA-256 of a file in one pass of 1 MiB reads on NIO's blocking pool.
enum FileDigest {
    /// The digests of `file`; `contentType` is passed through to the result.
    static func of(_ file: URL, sha256: Bool, contentType: String?) async throws -> SpooledOriginal {
        try await NIOThreadPool.singleton.runIfActive {
            guard let handle = FileHandle(forReadingAtPath: file.path) else {
                throw PhotoSourceError(.notFound, "The original's file \(file.lastPathComponent) is gone.")
            }
            defer { try? handle.close() }
            var md5 = Insecure.MD5()
            var sha: SHA256? = sha256 ? SHA256() : nil
            var size = 0
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                md5.update(data: chunk)
                sha?.update(data: chunk)
                size += chunk.count
            }
            let digest = md5.finalize()
            return SpooledOriginal(
                file: file, byteCount: size, md5Hex: Hex.string(digest), md5Base64: Data(digest).base64EncodedString(),
                sha256Hex: sha.map { Hex.string($0.finalize()) }, contentType: contentType)
        }
    }
}
