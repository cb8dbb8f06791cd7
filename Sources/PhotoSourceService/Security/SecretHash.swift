import Crypto
import Foundation

/// Random tokens and their stored hashes: API keys and session tokens are kept only as SHA-256.
enum SecretHash {
    /// 256 random bits, base64url without padding.
    static func randomToken(byteCount: Int = 32) -> String {
        Base64URL.encode(SymmetricKey(size: SymmetricKeySize(bitCount: byteCount * 8)).withUnsafeBytes { Data($0) })
    }

    /// The lowercase hex SHA-256 of `secret`.
    static func sha256Hex(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// `sha256:HEX`, the form `apiKeyHashes` keeps.
    static func apiKeyHash(of key: String) -> String { "sha256:" + sha256Hex(key) }

    /// The 32 digest bytes of a `sha256:HEX` entry, or `nil` when it is not one.
    static func parseAPIKeyHash(_ entry: String) -> [UInt8]? {
        guard entry.hasPrefix("sha256:") else { return nil }
        let hex = Array(entry.dropFirst(7).utf8)
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// Whether two byte strings are equal, in time that depends only on their lengths.
    static func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
