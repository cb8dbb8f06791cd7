import Foundation
import PhotoSourceKit

/// One allow-listed origin: `scheme://host:port`, optionally limited to a path and below.
struct AllowedOrigin: Sendable, Hashable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int
    /// `nil`: any path; else the path itself and everything below it (`/api` covers `/api/x`, not `/apix`).
    let pathPrefix: String?

    /// Parses an origin such as `http://127.0.0.1:8080` or `https://photos.example/api`.
    init(parsing text: String) throws {
        func refuse(_ why: String) -> PhotoSourceError {
            PhotoSourceError(.invalidData, "The allow-listed origin \"\(text)\" is not usable: \(why).")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw refuse("it is not a URL like http://host:port")
        }
        guard scheme == "http" || scheme == "https" else { throw refuse("only http and https origins can be allow-listed") }
        guard url.user == nil, url.password == nil else { throw refuse("it contains a user name (user@host)") }
        guard url.query == nil, url.fragment == nil else { throw refuse("it has a query or a fragment") }
        guard let host = URLTarget.canonicalHost(of: url) else { throw refuse("it has no valid host") }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? URLTarget.defaultPort(for: scheme)
        let path = URLTarget.removingDotSegments(url.path)
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        self.pathPrefix = trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `target` is this origin (and inside the path, when one is set).
    func matches(_ target: URLTarget) -> Bool {
        guard target.scheme == scheme, target.host == host, target.port == port else { return false }
        guard let pathPrefix else { return true }
        // An encoded dot or slash could mean a different path to the server than to us.
        let lowered = target.path.lowercased()
        if lowered.contains("%2e") || lowered.contains("%2f") || lowered.contains("%5c") { return false }
        return target.path == pathPrefix || target.path.hasPrefix(pathPrefix + "/")
    }

    var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)\(pathPrefix ?? "")"
    }
}

/// The parts of a URL the policy looks at, normalised the way curl will use them.
struct URLTarget: Sendable, Hashable {
    let scheme: String
    let host: String
    let port: Int
    let path: String

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = Self.canonicalHost(of: url) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? Self.defaultPort(for: scheme)
        self.path = Self.removingDotSegments(url.path(percentEncoded: true))
    }

    static func defaultPort(for scheme: String) -> Int {
        scheme == "https" ? 443 : 80
    }

    /// The host lowercased, without a trailing dot or brackets; numeric forms in canonical text
    /// (`127.1` becomes `127.0.0.1`). `nil` when there is none or it has characters no DNS name has.
    static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty else { return nil }
        if let address = IPAddress(host) { return address.description }
        if host.hasSuffix(".") { host.removeLast() }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
        guard !host.isEmpty, host.allSatisfy(allowed.contains) else { return nil }
        return host
    }

    /// RFC 3986 §5.2.4, as curl applies it before sending the request.
    static func removingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return joined.hasPrefix("/") || joined.isEmpty ? joined : "/" + joined
    }
}
