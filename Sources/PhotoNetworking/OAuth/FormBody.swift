import Foundation

/// An `application/x-www-form-urlencoded` body, as OAuth token and device endpoints expect.
struct FormBody: Sendable {
    /// The fields in the order they are sent.
    var fields: [(name: String, value: String)]

    /// The characters sent as they are; everything else is percent-encoded (space as `%20`).
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Creates a body, leaving out fields whose value is `nil`.
    init(_ fields: KeyValuePairs<String, String?>) {
        self.fields = fields.compactMap { name, value in value.map { (name, $0) } }
    }

    /// The encoded fields as text (also usable as a URL query).
    var encodedString: String {
        fields.map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&")
    }

    /// The encoded body.
    var encoded: Data { Data(encodedString.utf8) }

    /// The `Content-Type` header value.
    static let contentType = "application/x-www-form-urlencoded"

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
