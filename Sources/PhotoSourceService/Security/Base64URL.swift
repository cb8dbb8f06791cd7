import Foundation

/// Unpadded base64url (RFC 4648 §5) for tokens and signed URL parts.
///
/// PhotoNetworking and the demo cloud each keep an internal copy of this for their own wire
/// formats; the service's signed URLs are a public format of their own, so it has its own.
enum Base64URL {
    /// `bytes` as unpadded base64url.
    static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of unpadded base64url `text`, or `nil` when it is not base64url.
    static func decode(_ text: some StringProtocol) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
