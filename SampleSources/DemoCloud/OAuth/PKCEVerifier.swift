import Crypto
import Foundation

/// The server side of PKCE (RFC 7636): checks a `code_verifier` against an S256 `code_challenge`.
enum PKCEVerifier {
    /// Whether `verifier` has the shape RFC 7636 requires: 43–128 unreserved characters.
    static func isValid(verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    /// Whether `challenge` has the shape of an S256 challenge: 43 base64url characters.
    static func isValid(challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy(isUnreserved)
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))` without padding.
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
