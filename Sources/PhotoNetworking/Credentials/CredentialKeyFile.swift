import Foundation
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The generated credential key: base64 text in a file of mode 0600.
///
/// Creating it is race-free across processes: the key is written to a temp file and then
/// hard-linked to the final name, so exactly one process's key wins and everyone reads that one.
enum CredentialKeyFile {
    /// Reads the key at `url`, generating it first if the file does not exist.
    static func loadOrCreate(at url: URL) throws -> Data {
        if let key = try read(url) { return key }
        let fresh = SecureRandom.bytes(AESGCMCredentialSealing.keyByteCount)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".tmp-key-\(UInt64.random(in: 0...UInt64.max))")
        try AtomicFile.write(Data((fresh.base64EncodedString() + "\n").utf8), to: temp, mode: 0o600)
        defer { unlink(temp.path) }
        if link(temp.path, url.path) != 0, errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw PhotoSourceError(.accessDenied, "Could not create the credential key file \(url.path).", detail: reason)
        }
        guard let key = try read(url) else {
            throw PhotoSourceError(.unknown, "The credential key file \(url.path) vanished while it was being created.")
        }
        return key
    }

    /// The key in `url`, or `nil` when there is no such file. Tightens loose permissions to 0600.
    private static func read(_ url: URL) throws -> Data? {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not read the credential key file \(url.path).", underlying: error)
        }
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & 0o077 != 0 {
            _ = chmod(url.path, 0o600)
        }
        guard let key = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            key.count == AESGCMCredentialSealing.keyByteCount
        else {
            throw PhotoSourceError(
                .invalidData,
                "The credential key file \(url.path) is damaged. Delete it and sign in again "
                    + "(saved sign-ins made with the old key cannot be read any more).")
        }
        return key
    }
}
