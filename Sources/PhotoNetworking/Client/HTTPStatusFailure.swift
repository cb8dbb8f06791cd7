import Foundation
import PhotoSourceKit

/// Maps a failed HTTP status onto a ``PhotoSourceError`` with the response as its cause.
enum HTTPStatusFailure {
    static func error(for response: HTTPResponse, request: HTTPRequest, attempts: Int) -> PhotoSourceError {
        let url = request.url.redactedDescription
        let status = response.status
        let cause = HTTPStatusError(response: response)
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        func error(_ code: PhotoSourceError.Code, _ message: String) -> PhotoSourceError {
            PhotoSourceError(code, message, detail: "HTTP \(status)", underlying: cause)
        }
        switch status {
        case 401:
            return error(.authentication, "\(url) refused the credentials (HTTP 401). Sign in again.")
        case 403:
            return error(.accessDenied, "\(url) may not be read with this account (HTTP 403).")
        case 404, 410:
            return error(.notFound, "\(url) does not exist (any more) (HTTP \(status)).")
        case 413:
            return error(.tooLarge, "\(url) refused the request as too large (HTTP 413).")
        case 429:
            let asked = RetryAfter.delay(from: response.header("retry-after"))
            let when = asked.map { "; the server asks to wait \($0)" } ?? ""
            return error(.rateLimited(retryAfter: asked), "\(url) is rate limiting requests (HTTP 429)\(tries)\(when). Try again later.")
        case 408, 500...599:
            return error(.connection, "\(url) failed with HTTP \(status)\(tries). Try again later.")
        case 300...399:
            return error(.invalidData, "\(url) answered HTTP \(status) without a usable redirect.")
        default:
            return error(.invalidData, "\(url) refused the request (HTTP \(status)).")
        }
    }
}
