/// The response behind a failed status (4xx, 5xx): the `underlying` cause of the
/// ``PhotoSourceKit/PhotoSourceError`` that ``HTTPClient/send(_:)`` throws, so a caller can read
/// an error body (for example an OAuth `{"error": "invalid_grant"}`).
public struct HTTPStatusError: Error, Sendable, CustomStringConvertible {
    /// The response, body included.
    public let response: HTTPResponse

    /// Creates the error.
    public init(response: HTTPResponse) {
        self.response = response
    }

    /// "HTTP 404": never the body or the headers, which may carry secrets.
    public var description: String { "HTTP \(response.status)" }
}
