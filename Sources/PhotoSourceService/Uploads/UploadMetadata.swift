import Foundation

/// tus's `Upload-Metadata` header: comma-separated pairs of a key and a base64 value
/// (`filename ZGF5LmpwZw==,filetype aW1hZ2UvanBlZw==`); a key may stand alone.
enum UploadMetadata {
    /// The pairs of `header`; `nil` when a pair is malformed (a key with spaces or commas, a value
    /// that is not base64 or not UTF-8, a key given twice).
    static func parse(_ header: String?) -> [String: String]? {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return [:] }
        var pairs: [String: String] = [:]
        for pair in header.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
            guard let key = parts.first.map(String.init), parts.count <= 2, pairs[key] == nil else { return nil }
            if parts.count == 1 {
                pairs[key] = ""
                continue
            }
            guard let data = Data(base64Encoded: String(parts[1])), let value = String(data: data, encoding: .utf8) else { return nil }
            pairs[key] = value
        }
        return pairs
    }

    /// The header value for `pairs`, keys sorted.
    static func format(_ pairs: [String: String]) -> String {
        pairs.keys.sorted().map { key in
            let value = pairs[key] ?? ""
            return value.isEmpty ? key : key + " " + Data(value.utf8).base64EncodedString()
        }.joined(separator: ",")
    }
}
