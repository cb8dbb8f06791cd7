import Foundation

/// Which links the demo editor follows: `http` and `https` URLs whose host is a loopback address
/// (`127.0.0.0/8`, `[::1]`) or `localhost`, without user information. The editor runs on the
/// customer's machine beside the service; anything else (a public address, a private network,
/// another scheme) is refused before a connection is made, and redirects are never followed.
enum EditorLinkPolicy {
    /// Why a link is refused, in words for the error page.
    struct Refusal: Error, Sendable, Equatable {
        /// The sentence shown to the person.
        let message: String
    }

    /// The URL in `text`, the value of query parameter `name`, when the editor may follow it.
    static func check(_ text: String?, name: String) throws(Refusal) -> URL {
        guard let text, !text.isEmpty else { throw Refusal(message: "The link has no \(name) parameter.") }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw Refusal(message: "The \(name) parameter is not a URL.")
        }
        guard scheme == "http" || scheme == "https" else {
            throw Refusal(message: "The \(name) URL must use http or https, not \(scheme).")
        }
        guard url.user == nil, url.password == nil else {
            throw Refusal(message: "The \(name) URL has a user name before its host, which the demo editor does not follow.")
        }
        guard let host = url.host(percentEncoded: false), isLoopback(host) else {
            throw Refusal(message: "The demo editor only fetches from and returns to this machine (127.0.0.1, [::1], localhost); the \(name) URL's host \(url.host ?? "(none)") is not one of them.")
        }
        return url
    }

    /// Whether `host` names this machine: `localhost`, a dotted IPv4 address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.first == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (Int(part) ?? 256) <= 255
        }
    }
}
