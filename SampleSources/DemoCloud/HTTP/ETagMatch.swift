import Foundation

/// `If-None-Match` evaluation (RFC 9110 §13.1.2: weak comparison, `*` matches anything).
enum ETagMatch {
    /// Whether the `If-None-Match` header value `condition` matches `etag`.
    static func matches(_ condition: String, etag: String) -> Bool {
        let wanted = opaque(etag)
        return condition.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || opaque(tag) == wanted
        }
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        tag.hasPrefix("W/") ? Substring(tag.dropFirst(2)) : Substring(tag)
    }
}
