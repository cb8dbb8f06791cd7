public import Foundation

/// A final response: status, headers, body and the URL it came from after redirects.
public struct HTTPResponse: Sendable {
    /// The status code, such as 200.
    public let status: Int
    /// The response headers with lowercased names; repeated headers are joined with ", ".
    public let headers: [String: String]
    /// The body (empty for ``HTTPClient/download(_:to:progress:)``, whose body is in the file).
    public let body: Data
    /// The URL that produced this response, after redirects.
    public let url: URL

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of header `name`, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The `ETag`, or else the `Last-Modified` date: a version tag for caches.
    public var validator: String? {
        header("etag") ?? header("last-modified")
    }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible {
    /// "HTTP 200 from https://host/path, 1234 bytes": no header values (cookies) and no secrets.
    public var description: String {
        "HTTP \(status) from \(url.redactedDescription), \(body.count) bytes"
    }

    /// Same as ``description``: redacted.
    public var debugDescription: String { description }
}
