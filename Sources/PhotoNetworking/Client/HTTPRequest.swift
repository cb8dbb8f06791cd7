public import Foundation

/// One HTTP request: where, how, and with which limits.
///
/// Header names are case-insensitive; values must not contain line breaks (such a request is
/// refused with `.invalidData` before anything is sent).
public struct HTTPRequest: Sendable {
    /// The `http` or `https` URL to fetch.
    public var url: URL
    /// The method, such as `GET`, `POST`, `PUT`, `DELETE` or `HEAD`.
    public var method: String
    /// Extra request headers. `Authorization` is never written into logs or errors.
    public var headers: [String: String]
    /// The request body, if any.
    public var body: Data?
    /// A body read while it is sent (files too large to hold in memory), instead of ``body``;
    /// setting both is refused with `.invalidData`. A retry or a 307/308 redirect reads it again from the start.
    public var bodyStream: HTTPBodyStream?
    /// Timeouts, limits, the address policy and the retry policy.
    public var options: HTTPOptions

    /// Creates a request.
    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        options: HTTPOptions = HTTPOptions()
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.options = options
    }

    /// The value of header `name`, matched case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// Sets header `name` (replacing any spelling of it that is already there).
    public mutating func setHeader(_ name: String, _ value: String?) {
        let wanted = name.lowercased()
        for key in headers.keys where key.lowercased() == wanted { headers[key] = nil }
        if let value { headers[name] = value }
    }

    /// Whether repeating the request cannot change the result (RFC 9110 §9.2.2).
    var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(method.uppercased())
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible {
    /// "GET https://host/path?token=REDACTED (headers: Accept, Authorization)": header values and
    /// secret query values are left out, so printing a request never leaks a token.
    public var description: String {
        let names = headers.keys.sorted().joined(separator: ", ")
        return "\(method) \(url.redactedDescription)" + (names.isEmpty ? "" : " (headers: \(names))")
            + (body.map { ", \($0.count)-byte body" } ?? "")
            + (bodyStream.map { ", \($0.length)-byte streamed body" } ?? "")
    }

    /// Same as ``description``: redacted.
    public var debugDescription: String { description }
}
