import PhotoSourceKit

/// Refuses requests that would smuggle extra lines into the HTTP message.
enum RequestValidation {
    /// RFC 9110 token characters, used by methods and header names.
    private static let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    static func validate(_ request: HTTPRequest) throws {
        guard !request.method.isEmpty, request.method.allSatisfy(tokenCharacters.contains) else {
            throw PhotoSourceError(.invalidData, "\"\(request.method)\" is not a valid HTTP method.")
        }
        for (name, value) in request.headers {
            guard !name.isEmpty, name.allSatisfy(tokenCharacters.contains) else {
                throw PhotoSourceError(.invalidData, "\"\(name)\" is not a valid HTTP header name.")
            }
            // The value is not echoed: it may be a token.
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw PhotoSourceError(.invalidData, "The value of the header \(name) contains a line break or NUL.")
            }
        }
        guard request.body == nil || request.bodyStream == nil else {
            throw PhotoSourceError(.invalidData, "A request has either a body or a streamed body, not both.")
        }
        guard request.options.maxRedirects >= 0, request.options.maxBodyBytes >= 0 else {
            throw PhotoSourceError(.invalidData, "maxRedirects and maxBodyBytes must not be negative.")
        }
    }
}
