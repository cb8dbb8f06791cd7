import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string.
///
/// `+` means a space and `%XX` a byte; a field that appears twice is refused (RFC 6749 §3.1),
/// as is malformed percent-encoding.
struct FormFields: Equatable {
    private let values: [String: String]

    /// Parses `text`; returns `nil` when it is malformed or repeats a field.
    init?(_ text: String) {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty,
                  let value = Self.decode(parts.count == 2 ? parts[1] : "")
            else { return nil }
            guard values[name] == nil else { return nil }
            values[name] = value
        }
        self.values = values
    }

    /// The value of `name`, or `nil` when absent or empty.
    subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Encodes `fields` in order, for redirect query strings.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
