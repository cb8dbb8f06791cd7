public import Foundation

extension URL {
    /// The URL as it may appear in logs and error messages: no user or password, and the
    /// values of query (and fragment) parameters whose names suggest a secret
    /// (`token`, `code`, `key`, `secret`, `password`, `signature`, `auth`, `session`) replaced.
    public var redactedDescription: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return "<an unparsable URL>"
        }
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
        }
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = Self.redactingParameters(query)
        }
        if let fragment = components.percentEncodedFragment {
            components.percentEncodedFragment = Self.redactingParameters(fragment)
        }
        return components.string ?? "<an unparsable URL>"
    }

    private static let secretNameParts = ["token", "code", "key", "secret", "password", "sig", "auth", "session"]

    /// Replaces the values of secret-looking `name=value` pairs in `text` with `REDACTED`.
    private static func redactingParameters(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = (pair[..<equals].removingPercentEncoding ?? String(pair[..<equals])).lowercased()
            guard secretNameParts.contains(where: name.contains) else { return String(pair) }
            return pair[..<equals] + "=REDACTED"
        }.joined(separator: "&")
    }
}
