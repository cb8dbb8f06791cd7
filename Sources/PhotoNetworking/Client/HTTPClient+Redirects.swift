import Foundation
import PhotoSourceKit

extension HTTPClient {
    /// Runs `request` hop by hop: curl never follows redirects itself, so every hop is checked
    /// by the address policy (before connecting and at connect time) and counted here.
    func followingRedirects(
        _ request: HTTPRequest, file: URL?, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws(TransferFailure) -> HTTPResponse {
        var current = request
        var redirects = 0
        while true {
            do {
                try current.options.addressPolicy.check(url: current.url)
            } catch {
                throw TransferFailure(PhotoSourceError.wrapping(error, context: "Checking \(current.url.redactedDescription)"))
            }
            let response = try await exchange(current, file: file, progress: progress)
            guard Self.isRedirect(response.status), let location = response.header("location") else {
                return response
            }
            guard redirects < current.options.maxRedirects else {
                throw TransferFailure(PhotoSourceError(
                    .invalidData,
                    "\(request.url.redactedDescription) redirected more than \(current.options.maxRedirects) times (a redirect loop?); giving up."))
            }
            redirects += 1
            guard let next = URL(string: location, relativeTo: current.url)?.absoluteURL else {
                throw TransferFailure(PhotoSourceError(
                    .invalidData, "\(current.url.redactedDescription) redirected to a location that is not a valid URL."))
            }
            current = Self.redirected(current, to: next, status: response.status)
        }
    }

    static func isRedirect(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    /// The request for the next hop: 303 (and 301/302 after a POST) becomes a body-less GET,
    /// as browsers do; 307 and 308 keep method and body. Credentials and cookies are dropped
    /// when the redirect leaves the origin.
    static func redirected(_ request: HTTPRequest, to url: URL, status: Int) -> HTTPRequest {
        var next = request
        next.url = url
        let method = request.method.uppercased()
        if status == 303 && method != "HEAD" || (status == 301 || status == 302) && method == "POST" {
            next.method = "GET"
            next.body = nil
            next.bodyStream = nil
            next.setHeader("Content-Type", nil)
            next.setHeader("Content-Length", nil)
        }
        if URLTarget(url).map(origin) != URLTarget(request.url).map(origin) {
            next.setHeader("Authorization", nil)
            next.setHeader("Cookie", nil)
            next.setHeader("Proxy-Authorization", nil)
        }
        return next
    }

    private static func origin(_ target: URLTarget) -> String {
        "\(target.scheme)://\(target.host):\(target.port)"
    }
}
