import Crypto
import Foundation
import PhotoSourceKit

/// Proof Key for Code Exchange (RFC 7636) with the `S256` method.
struct PKCE: Sendable, Hashable {
    /// The only method this SDK sends; `plain` gives no protection against a stolen code.
    static let method = "S256"
    /// The characters RFC 7636 allows in a verifier.
    static let verifierCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The secret kept here and sent only with the token request.
    let verifier: String

    /// A fresh verifier: 48 CSPRNG bytes as 64 base64url characters (RFC 7636 asks for 43–128).
    init() {
        verifier = SecureRandom.urlSafeToken(byteCount: 48)
    }

    /// A given verifier, checked against RFC 7636's length and alphabet.
    init(verifier: String) throws {
        guard (43...128).contains(verifier.count), verifier.allSatisfy(Self.verifierCharacters.contains) else {
            throw PhotoSourceError(
                .invalidData, "A PKCE code verifier must be 43 to 128 characters of A-Z, a-z, 0-9 and -._~.")
        }
        self.verifier = verifier
    }

    /// The challenge sent with the authorization request: base64url(SHA-256(verifier)).
    var challenge: String {
        Self.challenge(for: verifier)
    }

    /// The `S256` challenge of `verifier`.
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
    }
}
