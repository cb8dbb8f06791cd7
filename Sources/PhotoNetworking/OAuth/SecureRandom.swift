import Crypto
import Foundation

/// Random bytes and tokens from the system CSPRNG (BoringSSL's `RAND_bytes` via swift-crypto).
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }

    /// `byteCount` random bytes as unpadded base64url text (4 characters per 3 bytes).
    static func urlSafeToken(byteCount: Int) -> String {
        bytes(byteCount).base64URLEncodedString()
    }
}

extension Data {
    /// Unpadded base64url (RFC 4648 §5), as PKCE and OAuth use it.
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
